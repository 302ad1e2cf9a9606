"""The request schemas' loaders, written out by ``make readers`` (tools/readers.py)
from service/loader.py's output so that the build compiles them: do not edit.

``loader.reader`` uses one only while it is exactly what its schema generates
now (``READERS`` holds each with a digest of that source)."""

# ruff: noqa
from __future__ import annotations

from typing import Any

from marshmallow import RAISE
from marshmallow import missing as MISSING

from service.loader import Unsure, contract_schemas, generated
from service.tiles import TILE_OF, parse_compact

_SCHEMAS = contract_schemas()

# service.schemas.batch.BatchRequest
_N0 = generated(_SCHEMAS[0])[1]
S0_DESERIALIZE4: Any = _N0["DESERIALIZE4"]

# service.schemas.chuzhou.DrawRequest
_N1 = generated(_SCHEMAS[1])[1]
S1_DESERIALIZE7: Any = _N1["DESERIALIZE7"]

# service.schemas.chuzhou.InstantRequest
_N2 = generated(_SCHEMAS[2])[1]
S2_CHOICES3: Any = _N2["CHOICES3"]
S2_DESERIALIZE6: Any = _N2["DESERIALIZE6"]

# service.schemas.chuzhou.ScoreRequest
_N3 = generated(_SCHEMAS[3])[1]
S3_CHOICES14: Any = _N3["CHOICES14"]
S3_HOOK17: Any = _N3["HOOK17"]
S3_CHOICES24: Any = _N3["CHOICES24"]
S3_HOOK25: Any = _N3["HOOK25"]
S3_DESERIALIZE40: Any = _N3["DESERIALIZE40"]

# service.schemas.match.ChuzhouMatchRequest
_N4 = generated(_SCHEMAS[4])[1]
S4_CHOICES9: Any = _N4["CHOICES9"]
S4_DESERIALIZE11: Any = _N4["DESERIALIZE11"]
S4_DESERIALIZE14: Any = _N4["DESERIALIZE14"]

# service.schemas.match.YueqingMatchRequest
_N5 = generated(_SCHEMAS[5])[1]
S5_CHOICES8: Any = _N5["CHOICES8"]
S5_DESERIALIZE10: Any = _N5["DESERIALIZE10"]
S5_DESERIALIZE13: Any = _N5["DESERIALIZE13"]

# service.schemas.values.WaitsRequest
_N6 = generated(_SCHEMAS[6])[1]
S6_CHOICES8: Any = _N6["CHOICES8"]
S6_HOOK11: Any = _N6["HOOK11"]
S6_HOOK31: Any = _N6["HOOK31"]

# service.schemas.values.YueqingWaitsRequest
_N7 = generated(_SCHEMAS[7])[1]
S7_CHOICES8: Any = _N7["CHOICES8"]
S7_HOOK11: Any = _N7["HOOK11"]
S7_HOOK24: Any = _N7["HOOK24"]

# service.schemas.yueqing.DrawRequest
_N8 = generated(_SCHEMAS[8])[1]
S8_CHOICES16: Any = _N8["CHOICES16"]
S8_HOOK19: Any = _N8["HOOK19"]
S8_DESERIALIZE22: Any = _N8["DESERIALIZE22"]

# service.schemas.yueqing.EscapeRequest
_N9 = generated(_SCHEMAS[9])[1]
S9_CHOICES18: Any = _N9["CHOICES18"]
S9_HOOK21: Any = _N9["HOOK21"]
S9_DESERIALIZE24: Any = _N9["DESERIALIZE24"]

# service.schemas.yueqing.ScoreRequest
_N10 = generated(_SCHEMAS[10])[1]
S10_CHOICES14: Any = _N10["CHOICES14"]
S10_HOOK17: Any = _N10["HOOK17"]
S10_CHOICES24: Any = _N10["CHOICES24"]
S10_HOOK25: Any = _N10["HOOK25"]
S10_DESERIALIZE33: Any = _N10["DESERIALIZE33"]


def load_batch_BatchRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        v1 = data['items']
        if type(v1) is not list or len(v1) > 1000:
            raise Unsure
        items3: list[Any] = []
        for item2 in v1:
            if item2 is None:
                raise Unsure
            part5 = S0_DESERIALIZE4(item2, None, None)
            item2 = part5
            items3.append(item2)
        v1 = items3
        if len(data) != 1:
            raise Unsure
        obj6 = {'items': v1}
        return obj6
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_chuzhou_DrawRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        if 'zhen' in data:
            found1 += 1
            v3 = data['zhen']
            if type(v3) is not list or len(v3) != 4:
                raise Unsure
            for item4 in v3:
                if type(item4) is not int or not 1 <= item4 <= 1000000:
                    raise Unsure
            v3 = v3[:]
        else:
            v3 = [1, 1, 1, 1]
        if 'kongs' in data:
            found1 += 1
            v5 = data['kongs']
            if type(v5) is not int or not 0 <= v5 <= 16:
                raise Unsure
        else:
            v5 = 0
        if 'expected' in data:
            found1 += 1
            v6 = data['expected']
            if v6 is not None:
                part8 = S1_DESERIALIZE7(v6, None, None)
                v6 = part8
        else:
            v6 = None
        if len(data) != 1 + found1:
            raise Unsure
        obj9 = {'dealer': v2, 'zhen': v3, 'kongs': v5, 'expected': v6}
        return obj9
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_chuzhou_InstantRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['event']
        v2 = S2_CHOICES3[v2]
        v4 = data['seat']
        if type(v4) is not int or not 0 <= v4 <= 3:
            raise Unsure
        if 'expected' in data:
            found1 += 1
            v5 = data['expected']
            if v5 is not None:
                part7 = S2_DESERIALIZE6(v5, None, None)
                v5 = part7
        else:
            v5 = None
        if len(data) != 2 + found1:
            raise Unsure
        obj8 = {'event': v2, 'seat': v4, 'expected': v5}
        return obj8
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_chuzhou_ScoreRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        v3 = data['winner']
        if type(v3) is not int or not 0 <= v3 <= 3:
            raise Unsure
        if 'zhen' in data:
            found1 += 1
            v4 = data['zhen']
            if type(v4) is not list or len(v4) != 4:
                raise Unsure
            for item5 in v4:
                if type(item5) is not int or not 1 <= item5 <= 1000000:
                    raise Unsure
            v4 = v4[:]
        else:
            v4 = [1, 1, 1, 1]
        v6 = data['hand']
        if type(v6) is not dict:
            raise Unsure
        found7 = 0
        v8 = v6['concealed']
        if type(v8) is str and len(v8) <= 256:
            v8 = parse_compact(v8)
            if len(v8) > 18:
                raise Unsure
        elif type(v8) is list and len(v8) <= 18:
            v8 = [TILE_OF[code] for code in v8]
        else:
            raise Unsure
        if 'melds' in v6:
            found7 += 1
            v9 = v6['melds']
            if type(v9) is not list or len(v9) > 4:
                raise Unsure
            items11: list[Any] = []
            for item10 in v9:
                if type(item10) is not dict:
                    raise Unsure
                found12 = 0
                v13 = item10['type']
                v13 = S3_CHOICES14[v13]
                v15 = item10['tiles']
                if type(v15) is str and len(v15) <= 256:
                    v15 = parse_compact(v15)
                    if len(v15) > 4:
                        raise Unsure
                elif type(v15) is list and len(v15) <= 4:
                    v15 = [TILE_OF[code] for code in v15]
                else:
                    raise Unsure
                if 'from' in item10:
                    found12 += 1
                    v16 = item10['from']
                    if v16 is not None:
                        if type(v16) is not int or not 0 <= v16 <= 3:
                            raise Unsure
                else:
                    v16 = None
                if len(item10) != 2 + found12:
                    raise Unsure
                item10 = {'type': v13, 'tiles': v15, 'source': v16}
                S3_HOOK17(item10)
                items11.append(item10)
            v9 = items11
        else:
            v9 = []
        if 'flowers' in v6:
            found7 += 1
            v18 = v6['flowers']
            if type(v18) is not int or not 0 <= v18 <= 2:
                raise Unsure
        else:
            v18 = 0
        if len(v6) != 1 + found7:
            raise Unsure
        v6 = {'concealed': v8, 'melds': v9, 'flowers': v18}
        v19 = data['win']
        if type(v19) is not dict:
            raise Unsure
        found20 = 0
        v21 = v19['tile']
        v21 = TILE_OF[v21]
        if 'from' in v19:
            found20 += 1
            v22 = v19['from']
            if v22 is not None:
                if type(v22) is not int or not 0 <= v22 <= 3:
                    raise Unsure
        else:
            v22 = None
        v23 = v19['by']
        v23 = S3_CHOICES24[v23]
        if len(v19) != 2 + found20:
            raise Unsure
        v19 = {'tile': v21, 'source': v22, 'by': v23}
        S3_HOOK25(v19)
        if 'situation' in data:
            found1 += 1
            v26 = data['situation']
            if type(v26) is not dict:
                raise Unsure
            found27 = 0
            if 'declared_ready' in v26:
                found27 += 1
                v28 = v26['declared_ready']
                if type(v28) is not bool:
                    raise Unsure
            else:
                v28 = False
            if 'ready_first_turn' in v26:
                found27 += 1
                v29 = v26['ready_first_turn']
                if type(v29) is not bool:
                    raise Unsure
            else:
                v29 = False
            if 'heavenly' in v26:
                found27 += 1
                v30 = v26['heavenly']
                if type(v30) is not bool:
                    raise Unsure
            else:
                v30 = False
            if 'earthly' in v26:
                found27 += 1
                v31 = v26['earthly']
                if type(v31) is not bool:
                    raise Unsure
            else:
                v31 = False
            if 'last_tile' in v26:
                found27 += 1
                v32 = v26['last_tile']
                if type(v32) is not bool:
                    raise Unsure
            else:
                v32 = False
            if 'after_kong' in v26:
                found27 += 1
                v33 = v26['after_kong']
                if type(v33) is not bool:
                    raise Unsure
            else:
                v33 = False
            if 'table_pengs' in v26:
                found27 += 1
                v34 = v26['table_pengs']
                if type(v34) is str and len(v34) <= 256:
                    v34 = parse_compact(v34)
                    if len(v34) > 16:
                        raise Unsure
                elif type(v34) is list and len(v34) <= 16:
                    v34 = [TILE_OF[code] for code in v34]
                else:
                    raise Unsure
            else:
                v34 = []
            if 'tuokuzi_seat' in v26:
                found27 += 1
                v35 = v26['tuokuzi_seat']
                if v35 is not None:
                    if type(v35) is not int or not 0 <= v35 <= 3:
                        raise Unsure
            else:
                v35 = None
            if 'one_suit_seats' in v26:
                found27 += 1
                v36 = v26['one_suit_seats']
                if type(v36) is not list or len(v36) > 4:
                    raise Unsure
                for item37 in v36:
                    if type(item37) is not int or not 0 <= item37 <= 3:
                        raise Unsure
                v36 = v36[:]
            else:
                v36 = []
            if 'liable_seat' in v26:
                found27 += 1
                v38 = v26['liable_seat']
                if v38 is not None:
                    if type(v38) is not int or not 0 <= v38 <= 3:
                        raise Unsure
            else:
                v38 = None
            if len(v26) != found27:
                raise Unsure
            v26 = {'declared_ready': v28, 'ready_first_turn': v29, 'heavenly': v30, 'earthly': v31, 'last_tile': v32, 'after_kong': v33, 'table_pengs': v34, 'tuokuzi_seat': v35, 'one_suit_seats': v36, 'liable_seat': v38}
        else:
            v26 = {'declared_ready': False, 'ready_first_turn': False, 'heavenly': False, 'earthly': False, 'last_tile': False, 'after_kong': False, 'table_pengs': [], 'tuokuzi_seat': None, 'one_suit_seats': [], 'liable_seat': None}
        if 'expected' in data:
            found1 += 1
            v39 = data['expected']
            if v39 is not None:
                part41 = S3_DESERIALIZE40(v39, None, None)
                v39 = part41
        else:
            v39 = None
        if len(data) != 4 + found1:
            raise Unsure
        obj42 = {'dealer': v2, 'winner': v3, 'zhen': v4, 'hand': v6, 'win': v19, 'situation': v26, 'expected': v39}
        return obj42
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_match_ChuzhouMatchRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        if 'zhen' in data:
            found1 += 1
            v3 = data['zhen']
            if type(v3) is not list or len(v3) != 4:
                raise Unsure
            for item4 in v3:
                if type(item4) is not int or not 1 <= item4 <= 1000000:
                    raise Unsure
            v3 = v3[:]
        else:
            v3 = [1, 1, 1, 1]
        v5 = data['events']
        if type(v5) is not list or len(v5) < 1 or len(v5) > 200:
            raise Unsure
        items7: list[Any] = []
        for item6 in v5:
            if type(item6) is not dict:
                raise Unsure
            v8 = item6['type']
            v8 = S4_CHOICES9[v8]
            v10 = item6['request']
            if v10 is None:
                raise Unsure
            part12 = S4_DESERIALIZE11(v10, None, None)
            v10 = part12
            if len(item6) != 2:
                raise Unsure
            item6 = {'type': v8, 'request': v10}
            items7.append(item6)
        v5 = items7
        if 'expected' in data:
            found1 += 1
            v13 = data['expected']
            if v13 is not None:
                part15 = S4_DESERIALIZE14(v13, None, None)
                v13 = part15
        else:
            v13 = None
        if len(data) != 2 + found1:
            raise Unsure
        obj16 = {'dealer': v2, 'zhen': v3, 'events': v5, 'expected': v13}
        return obj16
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_match_YueqingMatchRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        if 'lao_zhuang' in data:
            found1 += 1
            v3 = data['lao_zhuang']
            if type(v3) is not int or not 0 <= v3 <= 1000000:
                raise Unsure
        else:
            v3 = 0
        v4 = data['events']
        if type(v4) is not list or len(v4) < 1 or len(v4) > 200:
            raise Unsure
        items6: list[Any] = []
        for item5 in v4:
            if type(item5) is not dict:
                raise Unsure
            v7 = item5['type']
            v7 = S5_CHOICES8[v7]
            v9 = item5['request']
            if v9 is None:
                raise Unsure
            part11 = S5_DESERIALIZE10(v9, None, None)
            v9 = part11
            if len(item5) != 2:
                raise Unsure
            item5 = {'type': v7, 'request': v9}
            items6.append(item5)
        v4 = items6
        if 'expected' in data:
            found1 += 1
            v12 = data['expected']
            if v12 is not None:
                part14 = S5_DESERIALIZE13(v12, None, None)
                v12 = part14
        else:
            v12 = None
        if len(data) != 2 + found1:
            raise Unsure
        obj15 = {'dealer': v2, 'lao_zhuang': v3, 'events': v4, 'expected': v12}
        return obj15
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_values_WaitsRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['concealed']
        if type(v2) is str and len(v2) <= 256:
            v2 = parse_compact(v2)
            if len(v2) > 18:
                raise Unsure
        elif type(v2) is list and len(v2) <= 18:
            v2 = [TILE_OF[code] for code in v2]
        else:
            raise Unsure
        if 'melds' in data:
            found1 += 1
            v3 = data['melds']
            if type(v3) is not list or len(v3) > 4:
                raise Unsure
            items5: list[Any] = []
            for item4 in v3:
                if type(item4) is not dict:
                    raise Unsure
                found6 = 0
                v7 = item4['type']
                v7 = S6_CHOICES8[v7]
                v9 = item4['tiles']
                if type(v9) is str and len(v9) <= 256:
                    v9 = parse_compact(v9)
                    if len(v9) > 4:
                        raise Unsure
                elif type(v9) is list and len(v9) <= 4:
                    v9 = [TILE_OF[code] for code in v9]
                else:
                    raise Unsure
                if 'from' in item4:
                    found6 += 1
                    v10 = item4['from']
                    if v10 is not None:
                        if type(v10) is not int or not 0 <= v10 <= 3:
                            raise Unsure
                else:
                    v10 = None
                if len(item4) != 2 + found6:
                    raise Unsure
                item4 = {'type': v7, 'tiles': v9, 'source': v10}
                S6_HOOK11(item4)
                items5.append(item4)
            v3 = items5
        else:
            v3 = []
        if 'winner' in data:
            found1 += 1
            v12 = data['winner']
            if type(v12) is not int or not 0 <= v12 <= 3:
                raise Unsure
        else:
            v12 = MISSING
        if 'dealer' in data:
            found1 += 1
            v13 = data['dealer']
            if type(v13) is not int or not 0 <= v13 <= 3:
                raise Unsure
        else:
            v13 = MISSING
        if 'zhen' in data:
            found1 += 1
            v14 = data['zhen']
            if type(v14) is not list or len(v14) != 4:
                raise Unsure
            for item15 in v14:
                if type(item15) is not int or not 1 <= item15 <= 1000000:
                    raise Unsure
            v14 = v14[:]
        else:
            v14 = [1, 1, 1, 1]
        if 'flowers' in data:
            found1 += 1
            v16 = data['flowers']
            if type(v16) is not int or not 0 <= v16 <= 2:
                raise Unsure
        else:
            v16 = 0
        if 'situation' in data:
            found1 += 1
            v17 = data['situation']
            if type(v17) is not dict:
                raise Unsure
            found18 = 0
            if 'declared_ready' in v17:
                found18 += 1
                v19 = v17['declared_ready']
                if type(v19) is not bool:
                    raise Unsure
            else:
                v19 = False
            if 'ready_first_turn' in v17:
                found18 += 1
                v20 = v17['ready_first_turn']
                if type(v20) is not bool:
                    raise Unsure
            else:
                v20 = False
            if 'heavenly' in v17:
                found18 += 1
                v21 = v17['heavenly']
                if type(v21) is not bool:
                    raise Unsure
            else:
                v21 = False
            if 'earthly' in v17:
                found18 += 1
                v22 = v17['earthly']
                if type(v22) is not bool:
                    raise Unsure
            else:
                v22 = False
            if 'last_tile' in v17:
                found18 += 1
                v23 = v17['last_tile']
                if type(v23) is not bool:
                    raise Unsure
            else:
                v23 = False
            if 'after_kong' in v17:
                found18 += 1
                v24 = v17['after_kong']
                if type(v24) is not bool:
                    raise Unsure
            else:
                v24 = False
            if 'table_pengs' in v17:
                found18 += 1
                v25 = v17['table_pengs']
                if type(v25) is str and len(v25) <= 256:
                    v25 = parse_compact(v25)
                    if len(v25) > 16:
                        raise Unsure
                elif type(v25) is list and len(v25) <= 16:
                    v25 = [TILE_OF[code] for code in v25]
                else:
                    raise Unsure
            else:
                v25 = []
            if 'tuokuzi_seat' in v17:
                found18 += 1
                v26 = v17['tuokuzi_seat']
                if v26 is not None:
                    if type(v26) is not int or not 0 <= v26 <= 3:
                        raise Unsure
            else:
                v26 = None
            if 'one_suit_seats' in v17:
                found18 += 1
                v27 = v17['one_suit_seats']
                if type(v27) is not list or len(v27) > 4:
                    raise Unsure
                for item28 in v27:
                    if type(item28) is not int or not 0 <= item28 <= 3:
                        raise Unsure
                v27 = v27[:]
            else:
                v27 = []
            if 'liable_seat' in v17:
                found18 += 1
                v29 = v17['liable_seat']
                if v29 is not None:
                    if type(v29) is not int or not 0 <= v29 <= 3:
                        raise Unsure
            else:
                v29 = None
            if len(v17) != found18:
                raise Unsure
            v17 = {'declared_ready': v19, 'ready_first_turn': v20, 'heavenly': v21, 'earthly': v22, 'last_tile': v23, 'after_kong': v24, 'table_pengs': v25, 'tuokuzi_seat': v26, 'one_suit_seats': v27, 'liable_seat': v29}
        else:
            v17 = {'declared_ready': False, 'ready_first_turn': False, 'heavenly': False, 'earthly': False, 'last_tile': False, 'after_kong': False, 'table_pengs': [], 'tuokuzi_seat': None, 'one_suit_seats': [], 'liable_seat': None}
        if len(data) != 1 + found1:
            raise Unsure
        obj30 = {'concealed': v2, 'melds': v3}
        if v12 is not MISSING:
            obj30['winner'] = v12
        if v13 is not MISSING:
            obj30['dealer'] = v13
        if True:
            obj30['zhen'] = v14
        if True:
            obj30['flowers'] = v16
        if True:
            obj30['situation'] = v17
        S6_HOOK31(obj30, data)
        return obj30
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_values_YueqingWaitsRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['concealed']
        if type(v2) is str and len(v2) <= 256:
            v2 = parse_compact(v2)
            if len(v2) > 18:
                raise Unsure
        elif type(v2) is list and len(v2) <= 18:
            v2 = [TILE_OF[code] for code in v2]
        else:
            raise Unsure
        if 'melds' in data:
            found1 += 1
            v3 = data['melds']
            if type(v3) is not list or len(v3) > 5:
                raise Unsure
            items5: list[Any] = []
            for item4 in v3:
                if type(item4) is not dict:
                    raise Unsure
                found6 = 0
                v7 = item4['type']
                v7 = S7_CHOICES8[v7]
                v9 = item4['tiles']
                if type(v9) is str and len(v9) <= 256:
                    v9 = parse_compact(v9)
                    if len(v9) > 4:
                        raise Unsure
                elif type(v9) is list and len(v9) <= 4:
                    v9 = [TILE_OF[code] for code in v9]
                else:
                    raise Unsure
                if 'from' in item4:
                    found6 += 1
                    v10 = item4['from']
                    if v10 is not None:
                        if type(v10) is not int or not 0 <= v10 <= 3:
                            raise Unsure
                else:
                    v10 = None
                if len(item4) != 2 + found6:
                    raise Unsure
                item4 = {'type': v7, 'tiles': v9, 'source': v10}
                S7_HOOK11(item4)
                items5.append(item4)
            v3 = items5
        else:
            v3 = []
        v12 = data['caishen']
        v12 = TILE_OF[v12]
        if 'winner' in data:
            found1 += 1
            v13 = data['winner']
            if type(v13) is not int or not 0 <= v13 <= 3:
                raise Unsure
        else:
            v13 = MISSING
        if 'dealer' in data:
            found1 += 1
            v14 = data['dealer']
            if type(v14) is not int or not 0 <= v14 <= 3:
                raise Unsure
        else:
            v14 = MISSING
        if 'lao_zhuang' in data:
            found1 += 1
            v15 = data['lao_zhuang']
            if type(v15) is not int or not 0 <= v15 <= 1000000:
                raise Unsure
        else:
            v15 = 0
        if 'flowers' in data:
            found1 += 1
            v16 = data['flowers']
            if type(v16) is not int or not 0 <= v16 <= 4:
                raise Unsure
        else:
            v16 = 0
        if 'situation' in data:
            found1 += 1
            v17 = data['situation']
            if type(v17) is not dict:
                raise Unsure
            found18 = 0
            if 'heavenly' in v17:
                found18 += 1
                v19 = v17['heavenly']
                if type(v19) is not bool:
                    raise Unsure
            else:
                v19 = False
            if 'earthly' in v17:
                found18 += 1
                v20 = v17['earthly']
                if type(v20) is not bool:
                    raise Unsure
            else:
                v20 = False
            if 'after_kong' in v17:
                found18 += 1
                v21 = v17['after_kong']
                if type(v21) is not bool:
                    raise Unsure
            else:
                v21 = False
            if 'liable_seat' in v17:
                found18 += 1
                v22 = v17['liable_seat']
                if v22 is not None:
                    if type(v22) is not int or not 0 <= v22 <= 3:
                        raise Unsure
            else:
                v22 = None
            if len(v17) != found18:
                raise Unsure
            v17 = {'heavenly': v19, 'earthly': v20, 'after_kong': v21, 'liable_seat': v22}
        else:
            v17 = {'heavenly': False, 'earthly': False, 'after_kong': False, 'liable_seat': None}
        if len(data) != 2 + found1:
            raise Unsure
        obj23 = {'concealed': v2, 'melds': v3, 'caishen': v12}
        if v13 is not MISSING:
            obj23['winner'] = v13
        if v14 is not MISSING:
            obj23['dealer'] = v14
        if True:
            obj23['lao_zhuang'] = v15
        if True:
            obj23['flowers'] = v16
        if True:
            obj23['situation'] = v17
        S7_HOOK24(obj23, data)
        return obj23
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_yueqing_DrawRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        if 'lao_zhuang' in data:
            found1 += 1
            v3 = data['lao_zhuang']
            if type(v3) is not int or not 0 <= v3 <= 1000000:
                raise Unsure
        else:
            v3 = 0
        v4 = data['caishen']
        v4 = TILE_OF[v4]
        v5 = data['players']
        if type(v5) is not list or len(v5) < 1 or len(v5) > 4:
            raise Unsure
        items7: list[Any] = []
        for item6 in v5:
            if type(item6) is not dict:
                raise Unsure
            found8 = 0
            v9 = item6['seat']
            if type(v9) is not int or not 0 <= v9 <= 3:
                raise Unsure
            if 'concealed' in item6:
                found8 += 1
                v10 = item6['concealed']
                if v10 is not None:
                    if type(v10) is str and len(v10) <= 256:
                        v10 = parse_compact(v10)
                        if len(v10) > 18:
                            raise Unsure
                    elif type(v10) is list and len(v10) <= 18:
                        v10 = [TILE_OF[code] for code in v10]
                    else:
                        raise Unsure
            else:
                v10 = None
            if 'melds' in item6:
                found8 += 1
                v11 = item6['melds']
                if type(v11) is not list or len(v11) > 5:
                    raise Unsure
                items13: list[Any] = []
                for item12 in v11:
                    if type(item12) is not dict:
                        raise Unsure
                    found14 = 0
                    v15 = item12['type']
                    v15 = S8_CHOICES16[v15]
                    v17 = item12['tiles']
                    if type(v17) is str and len(v17) <= 256:
                        v17 = parse_compact(v17)
                        if len(v17) > 4:
                            raise Unsure
                    elif type(v17) is list and len(v17) <= 4:
                        v17 = [TILE_OF[code] for code in v17]
                    else:
                        raise Unsure
                    if 'from' in item12:
                        found14 += 1
                        v18 = item12['from']
                        if v18 is not None:
                            if type(v18) is not int or not 0 <= v18 <= 3:
                                raise Unsure
                    else:
                        v18 = None
                    if len(item12) != 2 + found14:
                        raise Unsure
                    item12 = {'type': v15, 'tiles': v17, 'source': v18}
                    S8_HOOK19(item12)
                    items13.append(item12)
                v11 = items13
            else:
                v11 = []
            if 'flowers' in item6:
                found8 += 1
                v20 = item6['flowers']
                if type(v20) is not int or not 0 <= v20 <= 4:
                    raise Unsure
            else:
                v20 = 0
            if len(item6) != 1 + found8:
                raise Unsure
            item6 = {'seat': v9, 'concealed': v10, 'melds': v11, 'flowers': v20}
            items7.append(item6)
        v5 = items7
        if 'expected' in data:
            found1 += 1
            v21 = data['expected']
            if v21 is not None:
                part23 = S8_DESERIALIZE22(v21, None, None)
                v21 = part23
        else:
            v21 = None
        if len(data) != 3 + found1:
            raise Unsure
        obj24 = {'dealer': v2, 'lao_zhuang': v3, 'caishen': v4, 'players': v5, 'expected': v21}
        return obj24
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_yueqing_EscapeRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        v3 = data['caishen']
        v3 = TILE_OF[v3]
        v4 = data['escaper']
        if type(v4) is not int or not 0 <= v4 <= 3:
            raise Unsure
        if 'base' in data:
            found1 += 1
            v5 = data['base']
            if type(v5) is not int or not 1 <= v5 <= 1000000:
                raise Unsure
        else:
            v5 = 1
        if 'multiplier' in data:
            found1 += 1
            v6 = data['multiplier']
            if type(v6) is not int or not 1 <= v6 <= 1000000:
                raise Unsure
        else:
            v6 = 10
        v7 = data['players']
        if type(v7) is not list or len(v7) < 1 or len(v7) > 4:
            raise Unsure
        items9: list[Any] = []
        for item8 in v7:
            if type(item8) is not dict:
                raise Unsure
            found10 = 0
            v11 = item8['seat']
            if type(v11) is not int or not 0 <= v11 <= 3:
                raise Unsure
            if 'concealed' in item8:
                found10 += 1
                v12 = item8['concealed']
                if v12 is not None:
                    if type(v12) is str and len(v12) <= 256:
                        v12 = parse_compact(v12)
                        if len(v12) > 18:
                            raise Unsure
                    elif type(v12) is list and len(v12) <= 18:
                        v12 = [TILE_OF[code] for code in v12]
                    else:
                        raise Unsure
            else:
                v12 = None
            if 'melds' in item8:
                found10 += 1
                v13 = item8['melds']
                if type(v13) is not list or len(v13) > 5:
                    raise Unsure
                items15: list[Any] = []
                for item14 in v13:
                    if type(item14) is not dict:
                        raise Unsure
                    found16 = 0
                    v17 = item14['type']
                    v17 = S9_CHOICES18[v17]
                    v19 = item14['tiles']
                    if type(v19) is str and len(v19) <= 256:
                        v19 = parse_compact(v19)
                        if len(v19) > 4:
                            raise Unsure
                    elif type(v19) is list and len(v19) <= 4:
                        v19 = [TILE_OF[code] for code in v19]
                    else:
                        raise Unsure
                    if 'from' in item14:
                        found16 += 1
                        v20 = item14['from']
                        if v20 is not None:
                            if type(v20) is not int or not 0 <= v20 <= 3:
                                raise Unsure
                    else:
                        v20 = None
                    if len(item14) != 2 + found16:
                        raise Unsure
                    item14 = {'type': v17, 'tiles': v19, 'source': v20}
                    S9_HOOK21(item14)
                    items15.append(item14)
                v13 = items15
            else:
                v13 = []
            if 'flowers' in item8:
                found10 += 1
                v22 = item8['flowers']
                if type(v22) is not int or not 0 <= v22 <= 4:
                    raise Unsure
            else:
                v22 = 0
            if len(item8) != 1 + found10:
                raise Unsure
            item8 = {'seat': v11, 'concealed': v12, 'melds': v13, 'flowers': v22}
            items9.append(item8)
        v7 = items9
        if 'expected' in data:
            found1 += 1
            v23 = data['expected']
            if v23 is not None:
                part25 = S9_DESERIALIZE24(v23, None, None)
                v23 = part25
        else:
            v23 = None
        if len(data) != 4 + found1:
            raise Unsure
        obj26 = {'dealer': v2, 'caishen': v3, 'escaper': v4, 'base': v5, 'multiplier': v6, 'players': v7, 'expected': v23}
        return obj26
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


def load_yueqing_ScoreRequest(data: Any) -> Any:
    try:
        if type(data) is not dict:
            raise Unsure
        found1 = 0
        v2 = data['dealer']
        if type(v2) is not int or not 0 <= v2 <= 3:
            raise Unsure
        v3 = data['winner']
        if type(v3) is not int or not 0 <= v3 <= 3:
            raise Unsure
        if 'lao_zhuang' in data:
            found1 += 1
            v4 = data['lao_zhuang']
            if type(v4) is not int or not 0 <= v4 <= 1000000:
                raise Unsure
        else:
            v4 = 0
        v5 = data['caishen']
        v5 = TILE_OF[v5]
        v6 = data['hand']
        if type(v6) is not dict:
            raise Unsure
        found7 = 0
        v8 = v6['concealed']
        if type(v8) is str and len(v8) <= 256:
            v8 = parse_compact(v8)
            if len(v8) > 18:
                raise Unsure
        elif type(v8) is list and len(v8) <= 18:
            v8 = [TILE_OF[code] for code in v8]
        else:
            raise Unsure
        if 'melds' in v6:
            found7 += 1
            v9 = v6['melds']
            if type(v9) is not list or len(v9) > 5:
                raise Unsure
            items11: list[Any] = []
            for item10 in v9:
                if type(item10) is not dict:
                    raise Unsure
                found12 = 0
                v13 = item10['type']
                v13 = S10_CHOICES14[v13]
                v15 = item10['tiles']
                if type(v15) is str and len(v15) <= 256:
                    v15 = parse_compact(v15)
                    if len(v15) > 4:
                        raise Unsure
                elif type(v15) is list and len(v15) <= 4:
                    v15 = [TILE_OF[code] for code in v15]
                else:
                    raise Unsure
                if 'from' in item10:
                    found12 += 1
                    v16 = item10['from']
                    if v16 is not None:
                        if type(v16) is not int or not 0 <= v16 <= 3:
                            raise Unsure
                else:
                    v16 = None
                if len(item10) != 2 + found12:
                    raise Unsure
                item10 = {'type': v13, 'tiles': v15, 'source': v16}
                S10_HOOK17(item10)
                items11.append(item10)
            v9 = items11
        else:
            v9 = []
        if 'flowers' in v6:
            found7 += 1
            v18 = v6['flowers']
            if type(v18) is not int or not 0 <= v18 <= 4:
                raise Unsure
        else:
            v18 = 0
        if len(v6) != 1 + found7:
            raise Unsure
        v6 = {'concealed': v8, 'melds': v9, 'flowers': v18}
        v19 = data['win']
        if type(v19) is not dict:
            raise Unsure
        found20 = 0
        v21 = v19['tile']
        v21 = TILE_OF[v21]
        if 'from' in v19:
            found20 += 1
            v22 = v19['from']
            if v22 is not None:
                if type(v22) is not int or not 0 <= v22 <= 3:
                    raise Unsure
        else:
            v22 = None
        v23 = v19['by']
        v23 = S10_CHOICES24[v23]
        if len(v19) != 2 + found20:
            raise Unsure
        v19 = {'tile': v21, 'source': v22, 'by': v23}
        S10_HOOK25(v19)
        if 'situation' in data:
            found1 += 1
            v26 = data['situation']
            if type(v26) is not dict:
                raise Unsure
            found27 = 0
            if 'heavenly' in v26:
                found27 += 1
                v28 = v26['heavenly']
                if type(v28) is not bool:
                    raise Unsure
            else:
                v28 = False
            if 'earthly' in v26:
                found27 += 1
                v29 = v26['earthly']
                if type(v29) is not bool:
                    raise Unsure
            else:
                v29 = False
            if 'after_kong' in v26:
                found27 += 1
                v30 = v26['after_kong']
                if type(v30) is not bool:
                    raise Unsure
            else:
                v30 = False
            if 'liable_seat' in v26:
                found27 += 1
                v31 = v26['liable_seat']
                if v31 is not None:
                    if type(v31) is not int or not 0 <= v31 <= 3:
                        raise Unsure
            else:
                v31 = None
            if len(v26) != found27:
                raise Unsure
            v26 = {'heavenly': v28, 'earthly': v29, 'after_kong': v30, 'liable_seat': v31}
        else:
            v26 = {'heavenly': False, 'earthly': False, 'after_kong': False, 'liable_seat': None}
        if 'expected' in data:
            found1 += 1
            v32 = data['expected']
            if v32 is not None:
                part34 = S10_DESERIALIZE33(v32, None, None)
                v32 = part34
        else:
            v32 = None
        if len(data) != 5 + found1:
            raise Unsure
        obj35 = {'dealer': v2, 'winner': v3, 'lao_zhuang': v4, 'caishen': v5, 'hand': v6, 'win': v19, 'situation': v26, 'expected': v32}
        return obj35
    except Exception:  # marshmallow will load it, or say why not, itself
        raise Unsure from None


READERS: dict[Any, tuple[Any, str]] = {
    _SCHEMAS[0]: (load_batch_BatchRequest, "1a27fd5a558d2dba"),
    _SCHEMAS[1]: (load_chuzhou_DrawRequest, "f923c1839fc74847"),
    _SCHEMAS[2]: (load_chuzhou_InstantRequest, "055698349d4da805"),
    _SCHEMAS[3]: (load_chuzhou_ScoreRequest, "2d52d6b00109d687"),
    _SCHEMAS[4]: (load_match_ChuzhouMatchRequest, "ad8d2a8269414d17"),
    _SCHEMAS[5]: (load_match_YueqingMatchRequest, "dd6623000d273823"),
    _SCHEMAS[6]: (load_values_WaitsRequest, "29f75f376de636f9"),
    _SCHEMAS[7]: (load_values_YueqingWaitsRequest, "4ce0d956288d29a4"),
    _SCHEMAS[8]: (load_yueqing_DrawRequest, "316436aa541baff9"),
    _SCHEMAS[9]: (load_yueqing_EscapeRequest, "fcfbaa6fd97476fe"),
    _SCHEMAS[10]: (load_yueqing_ScoreRequest, "43f953ab6da58539"),
}
