// A scorekeeper's calls through @hey-api/openapi-ts's client (default options: its types, its
// SDK and its fetch client): a hand of each ruleset, a batch read by each result's `status`, a
// refused request's 422. tests/test_typescript_client.py type-checks it (`tsc --strict`) with
// the other generators' programs, runs it against the live service and compares what the
// three print.
import { client } from "./gen/hey-api/client.gen.js";
import { batch, chuzhouDraw, chuzhouScore, yueqingScore } from "./gen/hey-api/sdk.gen.js";
import type {
  BatchItem, Cause, CauseParams, ChuzhouScoreRequest, Problem, YueqingScoreRequest,
} from "./gen/hey-api/types.gen.js";

client.setConfig({ baseUrl: process.argv[2] });

type Params = CauseParams;

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

const chuzhouHand: ChuzhouScoreRequest = {
  dealer: 0, winner: 1, zhen: [1, 1, 1, 1],
  hand: {
    concealed: "123m678m99p", melds: [
      { type: "chi", tiles: "345s", from: 0 }, { type: "peng", tiles: "777p", from: 3 }],
  },
  win: { tile: "8m", by: "discard", from: 3 },
};
const chuzhou = await chuzhouScore({ body: chuzhouHand });
if (!chuzhou.data) throw new Error(`chuzhou score: ${JSON.stringify(chuzhou.error)}`);

const yueqingHand: YueqingScoreRequest = {
  dealer: 0, winner: 1, lao_zhuang: 0, caishen: "3z",
  hand: { concealed: "123m456m789p234s68s3z55s", flowers: 1 },
  win: { tile: "8s", by: "discard", from: 3 },
};
const yueqing = await yueqingScore({ body: yueqingHand });
if (!yueqing.data) throw new Error(`yueqing score: ${JSON.stringify(yueqing.error)}`);

const items: BatchItem[] = [
  { id: 1, ruleset: "chuzhou", action: "draw", request: { dealer: 0, kongs: 1 } },
  { id: 2, ruleset: "yueqing", action: "score", request: yueqingHand },
  { id: 3, ruleset: "chuzhou", action: "draw", request: { dealer: 9 } }];
const answered = await batch({ body: { items } });
if (!answered.data) throw new Error(`batch: ${JSON.stringify(answered.error)}`);
const results = answered.data.results.map((result) => {
  if (result.status !== 200) return { status: result.status, problem: result.problem.type };
  if (result.ruleset === "chuzhou" && result.action === "draw") {
    return { status: result.status, wall_reserve: result.answer.wall_reserve };
  }
  if (result.ruleset === "yueqing" && result.action === "score") {
    return { status: result.status, tai: result.answer.tai.total };
  }
  return { status: result.status, action: result.action };
});

const refused = await chuzhouDraw({ body: { dealer: 9 } });
if (refused.data || !refused.error || !refused.response) {
  throw new Error("a draw with dealer 9 was answered");
}

const wrongSize: ChuzhouScoreRequest = {
  ...chuzhouHand, hand: { ...chuzhouHand.hand, concealed: "123m678m99p99p" } };
const misread = await chuzhouScore({ body: wrongSize });
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
