"""/docs in the language asked for, one contract for every client (issue #45)."""

from __future__ import annotations

import json
from urllib.parse import urljoin

from flask.testing import FlaskClient

from service.openapi import spec_json

ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}


def test_docs_slash_goes_to_the_page(client: FlaskClient) -> None:
    answer = client.get("/docs/")
    assert answer.status_code == 301
    assert answer.headers["Location"] == "../docs"  # relative: a proxy's prefix stays
    assert urljoin("http://scores.example/mahjong/docs/", "../docs") == \
        "http://scores.example/mahjong/docs"  # where a browser goes (RFC 3986)


def test_a_chinese_browser_reads_the_operations_in_chinese(client: FlaskClient) -> None:
    page = client.get("/docs", headers=ZH).get_data(as_text=True)
    assert '<html lang="zh-CN">' in page and 'data-contract="docs/openapi.json"' in page
    answer = client.get("/docs/openapi.json", headers=ZH)
    assert answer.headers["Content-Language"] == "zh-CN"
    assert "Accept-Language" in answer.headers["Vary"]
    said, contract = json.loads(answer.data), json.loads(spec_json())
    for path, item in contract["paths"].items():
        for method, operation in item.items():
            shown = said["paths"][path][method]
            for part in ("summary", "description"):  # every one in the catalog
                assert shown[part] != operation[part], (path, part)
                assert not any("a" <= ch <= "z" for ch in shown[part].split("`")[0][:4])
            assert {**shown, "summary": "", "description": ""} == \
                {**operation, "summary": "", "description": ""}
    assert said["paths"]["/v1/chuzhou/score"]["post"]["summary"] == \
        "给楚州麻将的一手胡牌算番、结算，并给出下一手的庄家和针。"
    assert {**said, "paths": {}} == {**contract, "paths": {}}


def test_the_contract_is_one_whatever_the_language(client: FlaskClient) -> None:
    english = client.get("/openapi.json").data
    assert client.get("/openapi.json", headers=ZH).data == english
    assert client.get("/docs/openapi.json").data == english
    page = client.get("/docs").get_data(as_text=True)
    assert 'data-contract="openapi.json"' in page
    assert "dataset.contract" in client.get("/docs/start.js").get_data(as_text=True)
