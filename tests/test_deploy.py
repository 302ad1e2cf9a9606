"""deploy/kubernetes/ against the Kubernetes schemas (shipped in kubernetes-validate, no
network), and the Dockerfile through hadolint; the two agree with each other and the app."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from service.api.app import create_app

ROOT = Path(__file__).resolve().parent.parent
MANIFESTS = ROOT / "deploy" / "kubernetes"
# The oldest Kubernetes minor still commonly run, and the newest the package knows.
KUBERNETES_VERSIONS = ["1.29", kubernetes_validate.utils.latest_version()]


def documents(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc]


def resources() -> list[Path]:
    return sorted(p for p in MANIFESTS.glob("*.yaml") if p.name != "kustomization.yaml")


def by_kind(kind: str) -> dict[str, Any]:
    found = [doc for path in resources() for doc in documents(path) if doc["kind"] == kind]
    assert len(found) == 1, f"expected one {kind}"
    return found[0]


def dockerfile_instruction(name: str) -> str:
    lines = (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()
    values = [line.split(None, 1)[1] for line in lines if line.startswith(name + " ")]
    return values[-1]


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("path", resources(), ids=lambda p: p.name)
def test_manifest_matches_the_kubernetes_schema(path: Path, version: str) -> None:
    for doc in documents(path):
        # strict: an unknown or misspelt field fails instead of being ignored by the server.
        kubernetes_validate.validate(doc, version, strict=True)


def test_kustomization_lists_every_manifest() -> None:
    (kustomization,) = documents(MANIFESTS / "kustomization.yaml")
    assert kustomization["kind"] == "Kustomization"
    assert sorted(kustomization["resources"]) == sorted(p.name for p in resources())
    image = by_kind("Deployment")["spec"]["template"]["spec"]["containers"][0]["image"]
    assert image.split(":")[0] in [entry["name"] for entry in kustomization["images"]]


def test_deployment_fits_the_image_and_the_app() -> None:
    deployment = by_kind("Deployment")
    pod = deployment["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    routes = {rule.rule for rule in create_app().url_map.iter_rules()}
    port = container["ports"][0]["containerPort"]
    for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
        assert container[probe]["httpGet"]["path"] in routes, probe
    annotations = pod["metadata"]["annotations"]
    assert annotations["prometheus.io/path"] in routes
    env = {item["name"]: item["value"] for item in container["env"]}
    assert env["BIND"].endswith(f":{port}")
    # /metrics on a port of its own, the one Prometheus is told of and the policy guards
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert annotations["prometheus.io/port"] == env["METRICS_PORT"] == str(ports["metrics"])
    # runAsNonRoot can only check a numeric user: the image's USER is that same number.
    user, _, group = dockerfile_instruction("USER").partition(":")
    assert re.fullmatch(r"[1-9][0-9]*", user)
    security = pod["spec"]["securityContext"]
    assert security["runAsNonRoot"] is True
    assert (str(security["runAsUser"]), str(security["runAsGroup"])) == (user, group)
    # A read-only root: the metrics directory and /tmp are the only writable places.
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    empty_dirs = {v["name"] for v in pod["spec"]["volumes"] if "emptyDir" in v}
    assert mounts[env["PROMETHEUS_MULTIPROC_DIR"]] in empty_dirs
    assert mounts["/tmp"] in empty_dirs
    # One worker per requested core; the autoscaler's percentage is of this request.
    assert int(env["WEB_CONCURRENCY"]) == int(container["resources"]["requests"]["cpu"])


def test_service_autoscaler_and_budget_select_the_deployment() -> None:
    deployment = by_kind("Deployment")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert by_kind("Service")["spec"]["selector"].items() <= labels.items()
    assert by_kind("PodDisruptionBudget")["spec"]["selector"]["matchLabels"].items() \
        <= labels.items()
    target = by_kind("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])


def test_only_monitoring_reaches_the_metrics_port() -> None:
    labels = by_kind("Deployment")["spec"]["template"]["metadata"]["labels"]
    policy = by_kind("NetworkPolicy")["spec"]
    assert policy["podSelector"]["matchLabels"].items() <= labels.items()
    assert policy["policyTypes"] == ["Ingress"]
    by_port = {rule["ports"][0]["port"]: rule for rule in policy["ingress"]}
    assert "from" not in by_port["http"]  # the API: whoever the cluster lets in
    assert by_port["metrics"]["from"] == [{"namespaceSelector": {"matchLabels": {
        "kubernetes.io/metadata.name": "monitoring"}}}]


def test_dockerfile_passes_hadolint_with_no_findings() -> None:
    hadolint = Path(sys.executable).with_name("hadolint")
    result = subprocess.run([str(hadolint), "--no-color", "--failure-threshold", "info",
                             str(ROOT / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr
