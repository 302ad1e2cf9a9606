// A scorekeeper's calls through openapi-typescript's types (default options) and openapi-fetch:
// a hand of each ruleset, a batch read by each result's `status`, a refused request's 422.
// tests/test_typescript_client.py type-checks it (`tsc --strict`) with the other generators'
// programs, runs it against the live service and compares what the three print.
import createClient from "openapi-fetch";
import type { components, paths } from "./gen/openapi-typescript/schema.js";

type Schemas = components["schemas"];
type Cause = Schemas["Cause"];
type Params = Schemas["CauseParams"];
type Problem = Schemas["Problem"];

// A refusal read from its causes (docs/contract.md): narrowed on a code this app knows, a
// cause's params have that code's types (CauseParams); a code it does not know yet, as a later
// release may add, is shown by the service's own message.
function hasCode<C extends keyof Params>(cause: Cause, code: C):
  cause is Cause & { code: C, params: Params[C] } {
  return cause.code === code;
}
function shown(cause: Cause): string {
  if (hasCode(cause, "tile-count")) {
    const { count, expected } = cause.params; // numbers: the contract types them so
    return `${count - expected} tiles too many`;
  }
  return cause.message;
}

const client = createClient<paths>({ baseUrl: process.argv[2] });

const chuzhouHand: Schemas["ChuzhouScoreRequest"] = {
  dealer: 0, winner: 1, zhen: [1, 1, 1, 1],
  hand: {
    concealed: "123m678m99p", melds: [
      { type: "chi", tiles: "345s", from: 0 }, { type: "peng", tiles: "777p", from: 3 }],
  },
  win: { tile: "8m", by: "discard", from: 3 },
};
const chuzhou = await client.POST("/v1/chuzhou/score", { body: chuzhouHand });
if (!chuzhou.data) throw new Error(`chuzhou score: ${chuzhou.response.status}`);

const yueqingHand: Schemas["YueqingScoreRequest"] = {
  dealer: 0, winner: 1, lao_zhuang: 0, caishen: "3z",
  hand: { concealed: "123m456m789p234s68s3z55s", flowers: 1 },
  win: { tile: "8s", by: "discard", from: 3 },
};
const yueqing = await client.POST("/v1/yueqing/score", { body: yueqingHand });
if (!yueqing.data) throw new Error(`yueqing score: ${yueqing.response.status}`);

const items: Schemas["BatchItem"][] = [
  { id: 1, ruleset: "chuzhou", action: "draw", request: { dealer: 0, kongs: 1 } },
  { id: 2, ruleset: "yueqing", action: "score", request: yueqingHand },
  { id: 3, ruleset: "chuzhou", action: "draw", request: { dealer: 9 } }];
const batch = await client.POST("/v1/batch", { body: { items } });
if (!batch.data) throw new Error(`batch: ${batch.response.status}`);
const results = batch.data.results.map((result) => {
  if (result.status !== 200) return { status: result.status, problem: result.problem.type };
  if (result.ruleset === "chuzhou" && result.action === "draw") {
    return { status: result.status, wall_reserve: result.answer.wall_reserve };
  }
  if (result.ruleset === "yueqing" && result.action === "score") {
    return { status: result.status, tai: result.answer.tai.total };
  }
  return { status: result.status, action: result.action };
});

const refused = await client.POST("/v1/chuzhou/draw", { body: { dealer: 9 } });
if (refused.data || !refused.error) throw new Error("a draw with dealer 9 was answered");

const wrongSize: Schemas["ChuzhouScoreRequest"] = {
  ...chuzhouHand, hand: { ...chuzhouHand.hand, concealed: "123m678m99p99p" } };
const misread = await client.POST("/v1/chuzhou/score", { body: wrongSize });
if (misread.data || !misread.error) throw new Error("a hand of the wrong size was scored");
const [sized] = misread.error.causes;
// The same answer as a later release might write it, with a code this client does not know.
const later: Problem = JSON.parse(
  JSON.stringify(misread.error).replaceAll('"tile-count"', '"a-code-added-later"'));
const [unknown] = later.causes;
const causes = {
  code: sized.code, shown: shown(sized),
  later: { code: unknown.code, shown: shown(unknown) === unknown.message },
};

console.log(JSON.stringify({
  chuzhou: { fan: chuzhou.data.fan, net: chuzhou.data.settlement.net },
  yueqing: {
    tai: yueqing.data.tai.total, net: yueqing.data.settlement.net,
    caishen_as: yueqing.data.hand.caishen_as.map((wild) => wild.as),
  },
  batch: results,
  refused: {
    status: refused.response.status, type: refused.error.type,
    fields: Object.keys(refused.error.errors),
  },
  causes,
}));
