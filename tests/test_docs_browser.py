"""/docs in a real headless Chromium: Swagger UI renders every operation of the contract from
this service's own files, and "Try it out" sends the example to this same service (issue #9).

Needs Debian's ``chromium``: ``make test`` installs it when absent; where it cannot be
installed (no root, no package source) this test is skipped and says so.
"""

from __future__ import annotations

import pytest

from service.openapi import build_spec
from tests.browser import CHROMIUM, open_page

WAIT = """const wait = (ms) => new Promise((done) => setTimeout(done, ms));
const until = async (find) => {
  for (let i = 0; i < 300; i++) { const found = find(); if (found) return found; await wait(100); }
  throw new Error("not found in time");
};"""

RENDERED = """(async () => {
""" + WAIT + """
  await until(() => document.querySelector(".opblock"));
  return {
    operations: [...document.querySelectorAll(".opblock")].map((block) => block.id),
    errors: document.querySelectorAll(".errors-wrapper").length,
  };
})()"""

TRY_IT_OUT = """(async () => {
""" + WAIT + """
  const op = await until(() => document.querySelector("#operations-chuzhou-chuzhou_instant"));
  (op.querySelector(".opblock-summary-control") || op.querySelector(".opblock-summary")).click();
  (await until(() => op.querySelector(".try-out__btn"))).click();
  (await until(() => op.querySelector(".execute"))).click();
  const status = await until(
    () => op.querySelector(".live-responses-table tbody .response-col_status"));
  return {status: status.textContent.trim(),
          url: op.querySelector(".request-url pre").textContent.trim()};
})()"""


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed and `make "
                                             "test` could not install it (apt-get needs root)")
def test_docs_render_every_operation_and_try_it_out(live_server: str) -> None:
    expected = {f"operations-{op['tags'][0]}-{op['operationId']}"
                for item in build_spec()["paths"].values() for op in item.values()}
    with open_page(f"{live_server}/docs") as page:
        rendered = page.evaluate(RENDERED)
        assert rendered["errors"] == 0
        assert set(rendered["operations"]) == expected
        tried = page.evaluate(TRY_IT_OUT)
    assert tried == {"status": "200", "url": f"{live_server}/v1/chuzhou/instant"}


SUMMARIES = """(async () => {
""" + WAIT + """
  await until(() => document.querySelector(".opblock"));
  return [...document.querySelectorAll(".opblock")].map((block) => [block.id,
    block.querySelector(".opblock-summary-description").textContent.trim()]);
})()"""


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed and `make "
                                             "test` could not install it (apt-get needs root)")
def test_a_chinese_browser_reads_every_operation_in_chinese(live_server: str) -> None:
    # issue #45: the operations' summaries from the catalog; /openapi.json stays English
    with open_page(f"{live_server}/docs", language="zh-CN") as page:
        shown = dict(page.evaluate(SUMMARIES))
    score = shown["operations-chuzhou-chuzhou_score"]
    assert score == "给楚州麻将的一手胡牌算番、结算，并给出下一手的庄家和针。"
    english = {f"operations-{op['tags'][0]}-{op['operationId']}": op["summary"]
               for item in build_spec()["paths"].values() for op in item.values()}
    assert set(shown) == set(english)
    assert all(shown[block] != english[block] for block in english)
