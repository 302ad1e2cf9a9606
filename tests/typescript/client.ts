// The README's examples of both rulesets through a TypeScript client, as a scorekeeper app
// would write it: types generated from openapi.yaml by openapi-typescript (default options,
// schema.d.ts), calls by openapi-fetch, every body typed as the generated request type.
// tests/test_typescript_client.py generates schema.d.ts, type-checks this file with
// `tsc --strict`, then runs it: `node dist/client.js BASE_URL`. It prints one JSON line per
// call: the path, the body sent, the status and what the app read from the typed answer.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];

const client = createClient<paths>({ baseUrl: process.argv[2] });

function report(path: string, body: unknown, status: number, read: unknown): void {
  console.log(JSON.stringify({ path, body, status, read }));
}

function failed(path: string, status: number, error: unknown): never {
  throw new Error(`${path} answered ${status}: ${JSON.stringify(error)}`);
}

// --- single hands: the README's first two scores ---------------------------------------------

const chuzhouScore: Schemas["ChuzhouScoreRequest"] = {
  dealer: 0, winner: 1, zhen: [1, 1, 1, 1],
  hand: {
    concealed: "123m678m99p", melds: [
      { type: "chi", tiles: "345s", from: 0 }, { type: "peng", tiles: "777p", from: 3 }],
  },
  win: { tile: "8m", by: "discard", from: 3 },
};
{
  const { data, error, response } = await client.POST("/v1/chuzhou/score", { body: chuzhouScore });
  if (!data) failed("/v1/chuzhou/score", response.status, error);
  report("/v1/chuzhou/score", chuzhouScore, response.status, {
    fan: data.fan, net: data.settlement.net, next: data.next,
    patterns: data.patterns.map((pattern) => pattern.name_en),
  });
}

const yueqingScore: Schemas["YueqingScoreRequest"] = {
  dealer: 0, winner: 1, lao_zhuang: 0, caishen: "3z",
  hand: { concealed: "123m456m789p234s68s3z55s", flowers: 1 },
  win: { tile: "8s", by: "discard", from: 3 },
};
{
  const { data, error, response } = await client.POST("/v1/yueqing/score", { body: yueqingScore });
  if (!data) failed("/v1/yueqing/score", response.status, error);
  report("/v1/yueqing/score", yueqingScore, response.status, {
    tai: data.tai.total, net: data.settlement.net, next: data.next,
    patterns: data.patterns.map((item) => item.id),
    caishen_as: data.hand.caishen_as.map((wild) => ({ tile: wild.tile, as: wild.as })),
    flowers: data.flowers.count,
  });
}

// --- a whole match (Chuzhou), verify mode (a Yueqing match) ----------------------------------

const chuzhouMatch: Schemas["ChuzhouMatchRequest"] = {
  dealer: 0, zhen: [1, 1, 1, 1], events: [
    {
      type: "win", request: {
        winner: 0, hand: { concealed: "222m345p678s789s99s" },
        win: { tile: "2m", by: "discard", from: 3 },
      },
    },
    {
      type: "win", request: {
        winner: 1, hand: { concealed: "222m345p678s789s99s" },
        win: { tile: "2m", by: "self_draw" },
      },
    },
    { type: "instant", request: { event: "followed_discard", seat: 2 } },
    { type: "draw", request: { kongs: 1 } }],
};
{
  const { data, error, response } = await client.POST("/v1/chuzhou/match", { body: chuzhouMatch });
  if (!data) failed("/v1/chuzhou/match", response.status, error);
  report("/v1/chuzhou/match", chuzhouMatch, response.status, {
    state: data.state, totals: data.totals, check: data.check ?? null,
    events: data.events.map((event) => ({ type: event.type, totals: event.totals, state: event.state })),
  });
}

const yueqingVerify: Schemas["YueqingMatchRequest"] = {
  dealer: 0, lao_zhuang: 0, events: [
    {
      type: "win", request: {
        winner: 0, caishen: "3z", hand: { concealed: "123m456m789p234s678s55s" },
        win: { tile: "8s", by: "discard", from: 3 },
      },
    },
    {
      type: "draw", request: {
        caishen: "3z", players: [{ seat: 0 }, { seat: 1 }, { seat: 2 }, { seat: 3 }],
      },
    }],
  expected: { state: { dealer: 0, lao_zhuang: 1 }, totals: [9, -3, -3, -4] },
};
{
  const { data, error, response } = await client.POST("/v1/yueqing/match", { body: yueqingVerify });
  if (!data) failed("/v1/yueqing/match", response.status, error);
  const check = data.check;
  if (!check) throw new Error("verify mode: the answer carries no check");
  report("/v1/yueqing/match", yueqingVerify, response.status, {
    state: data.state, totals: data.totals, ok: check.ok,
    differences: check.differences.map(({ path, expected, actual }) => ({ path, expected, actual })),
  });
}

// --- a batch with a bad item in the middle, and that item on its own ------------------------

const batch: Schemas["BatchRequest"] = {
  items: [
    { id: 1, ruleset: "chuzhou", action: "draw", request: { dealer: 0, kongs: 1 } },
    { id: 3, ruleset: "chuzhou", action: "draw", request: { dealer: 9 } },
    {
      id: 2, ruleset: "yueqing", action: "waits",
      request: { concealed: "123m456m789m123p4p66s1z", caishen: "1z" },
    }],
};
{
  const { data, error, response } = await client.POST("/v1/batch", { body: batch });
  if (!data) failed("/v1/batch", response.status, error);
  report("/v1/batch", batch, response.status, {
    results: data.results.map((result) => ({
      id: result.id, status: result.status,
      answered: "answer" in result && result.answer !== undefined,
      problem: "problem" in result && result.problem ? result.problem : null,
    })),
  });
}

const badDraw: Schemas["ChuzhouDrawRequest"] = { dealer: 9 };
{
  const { data, error, response } = await client.POST("/v1/chuzhou/draw", { body: badDraw });
  if (data || !error) throw new Error(`a draw with dealer 9 answered ${response.status}`);
  report("/v1/chuzhou/draw", badDraw, response.status, {
    type: error.type, status: error.status, fields: Object.keys(error.errors), problem: error,
  });
}

// --- what each wait is worth, both rulesets -------------------------------------------------

const chuzhouValues: Schemas["WaitsRequest"] = { concealed: "234m678p345s11z45s", winner: 1, dealer: 0 };
{
  const { data, error, response } = await client.POST("/v1/chuzhou/waits", { body: chuzhouValues });
  if (!data) failed("/v1/chuzhou/waits", response.status, error);
  report("/v1/chuzhou/waits", chuzhouValues, response.status, {
    waits: data.waits,
    values: (data.values ?? []).map((value) => ({
      tile: value.tile, self_draw: value.self_draw.fan ?? null,
      discard: value.discard.map((way) => ({ from: way.from, fan: way.fan ?? null, net: way.net ?? null })),
    })),
  });
}

const yueqingValues: Schemas["YueqingWaitsRequest"] = {
  concealed: "123m456m789m123p4p66s1z", caishen: "1z", winner: 1, dealer: 0,
};
{
  const { data, error, response } = await client.POST("/v1/yueqing/waits", { body: yueqingValues });
  if (!data) failed("/v1/yueqing/waits", response.status, error);
  report("/v1/yueqing/waits", yueqingValues, response.status, {
    waits: data.waits,
    values: (data.values ?? []).map((value) => ({
      tile: value.tile, self_draw: value.self_draw.tai?.total ?? null, net: value.self_draw.net ?? null,
      discard: value.discard.map((way) => ({
        from: way.from, tai: way.tai?.total ?? null, net: way.net ?? null, problem: way.problem?.type ?? null,
      })),
    })),
  });
}
