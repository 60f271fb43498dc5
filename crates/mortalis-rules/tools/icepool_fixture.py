#!/usr/bin/env python3
"""Generate tests/data/icepool_fixture.json: exact odds of a few dozen
queries computed with icepool (PyPI), independently of the Rust engine.

The modifiers are re-derived here from the rulebook (weapon table, moving,
range over 12", obstacle, cover, large target, volley penalties, armour,
shield, melee weapons, support, extra weapon). Only features without
reroll decisions are covered; the Rust test checks rerolls by brute force.

Usage: pip install icepool && python3 tools/icepool_fixture.py
"""
import json
import os
from fractions import Fraction

import icepool
from icepool import d6

RANGED = {  # range, shots, target resilience modifier, no long-range penalty, auto hit
    "primitive_missile": (12, 1, +1, False, False),
    "assault_pistol": (12, 2, 0, False, False),
    "energy_pistol": (10, 1, -1, False, False),
    "assault_rifle": (24, 3, 0, False, False),
    "energy_rifle": (21, 2, -1, False, False),
    "sniper_rifle": (40, 1, -1, True, False),
    "heavy_rifle": (21, 3, -1, False, False),
    "energy_cannon": (21, 2, -2, False, False),
    "rocket_launcher": (24, 1, -3, False, False),
    "flamer": (8, 1, +1, False, True),
}
HEAVY = {"heavy_rifle", "energy_cannon", "rocket_launcher", "flamer"}
ARMOUR = {"none": 0, "light_armour": 1, "powered_armour": 2, "sarcophagus": 3}
MELEE_RES = {"hand_weapon": -1, "two_handed_weapon": -2}


def frac(x):
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def save_fail(target):
    # Pass on 2d6 <= target, and 11-12 always fail.
    return 1 - (2 @ d6).probability("<=", min(target, 10))


def shot_die(acc, extra, master):
    """Die over 0 miss, 1 hit, 2 master-shot removal."""
    n = 3 if extra else 2

    def classify(*dice):
        low = sorted(dice)[:2]
        if master and low == [1, 1]:
            return 2
        return 1 if sum(low) < acc else 0

    return icepool.map(classify, *([d6] * n))


def shoot(q):
    a, t, s = q["attacker"], q["defender"], q["situation"]
    w = a["weapon"]
    rng, shots, tres, long_ok, auto = RANGED[w]
    acc = a.get("accuracy", 7)
    if a.get("moved"):
        acc -= 1
    if s["range"] > 12 and not long_ok:
        acc -= 1
    if s.get("obstacle"):
        acc -= 1
    if s.get("cover"):
        acc -= 2
    if t.get("armour") == "sarcophagus":
        acc += 1
    res = t.get("resilience", 5) + ARMOUR[t.get("armour", "none")] + tres
    if t.get("shield"):
        res += 1
    f = save_fail(res)
    master = "master_shot" in a.get("skills", [])
    if auto:
        return {"shots": 1, "hit": ["1/1"], "fail_save": frac(f), "out_of_action": frac(f),
                "hits_distribution": ["0/1", "1/1"]}
    dice = [shot_die(acc - i, a.get("extra_die", False), master) for i in range(shots)]
    hits = [die.probability(">=", 1) for die in dice]
    survive = Fraction(1)
    for die in dice:
        p_out = die.probability(2) + die.probability(1) * f
        survive *= 1 - p_out
    total_hits = sum(die.map(lambda x: 1 if x >= 1 else 0) for die in dice)
    dist = [total_hits.probability(k) for k in range(shots + 1)]
    return {"shots": shots, "hit": [frac(h) for h in hits], "fail_save": frac(f),
            "out_of_action": frac(1 - survive), "hits_distribution": [frac(x) for x in dist]}


def fighter_die(side, opp, crit):
    n = 3 if side.get("extra_die") else 2
    mod = side.get("fight", 0) + side.get("support", 0)
    if side.get("extra_weapon") or side.get("weapon", "none") in ("assault_pistol", "energy_pistol"):
        mod += 1

    def total(*dice):
        high = sorted(dice)[-2:]
        nat = crit and high == [6, 6]
        # Encode: natural critical as a huge total.
        return 1000 if nat else sum(high) + mod

    return icepool.map(total, *([d6] * n))


def melee_res(side, opp):
    r = side.get("resilience", 5) + ARMOUR[side.get("armour", "none")]
    if side.get("shield"):
        r += 1
    return r + MELEE_RES.get(opp.get("weapon", "none"), 0)


def melee(q):
    a, d = q["attacker"], q["defender"]
    A = fighter_die(a, d, "critical_hit" in a.get("skills", []))
    D = fighter_die(d, a, "critical_hit" in d.get("skills", []))
    # Both naturals: compare the real totals, so fall back to no-crit dice.
    diff = icepool.map(lambda x, y: (x > y) - (x < y), A, D)
    aw, tie, dw = diff.probability(1), diff.probability(0), diff.probability(-1)
    if "critical_hit" in a.get("skills", []) and "critical_hit" in d.get("skills", []):
        raise ValueError("fixture avoids double criticals")
    return {"attacker_hits": frac(aw), "defender_hits": frac(dw), "tie": frac(tie),
            "defender_out": frac(aw * save_fail(melee_res(d, a))),
            "attacker_out": frac(dw * save_fail(melee_res(a, d)))}


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return str(v)


def to_toml(q):
    lines = [f'kind = "{q["kind"]}"']
    for table in ("attacker", "defender", "situation"):
        if table in q:
            lines.append(f"[{table}]")
            lines += [f"{k} = {toml_value(v)}" for k, v in q[table].items()]
    return "\n".join(lines) + "\n"


def queries():
    out = []
    targets = [
        {"resilience": 5, "armour": "light_armour"},
        {"resilience": 5, "armour": "powered_armour", "shield": True},
        {"resilience": 4, "armour": "none"},
        {"resilience": 5, "armour": "sarcophagus"},
    ]
    shooters = [
        ({"accuracy": 7, "weapon": "assault_rifle"}, {"range": 14}),
        ({"accuracy": 8, "weapon": "energy_rifle", "moved": True}, {"range": 10, "cover": True}),
        ({"accuracy": 7, "weapon": "sniper_rifle"}, {"range": 30, "obstacle": True}),
        ({"accuracy": 9, "weapon": "heavy_rifle", "extra_die": True}, {"range": 20}),
        ({"accuracy": 7, "weapon": "assault_pistol", "skills": ["master_shot"]}, {"range": 6}),
        ({"accuracy": 6, "weapon": "rocket_launcher"}, {"range": 24, "obstacle": True, "cover": True}),
        ({"accuracy": 7, "weapon": "flamer"}, {"range": 8}),
        ({"accuracy": 10, "weapon": "energy_cannon", "skills": ["master_shot"], "extra_die": True}, {"range": 3}),
        ({"accuracy": 7, "weapon": "primitive_missile", "moved": True}, {"range": 12}),
    ]
    for i, (att, sit) in enumerate(shooters):
        for j, tgt in enumerate(targets):
            if (i + j) % 2 == 0 or i in (0, 6):
                out.append({"kind": "shoot", "attacker": att, "defender": tgt, "situation": sit})
    fighters = [
        {"fight": 0, "weapon": "hand_weapon", "armour": "light_armour"},
        {"fight": 1, "weapon": "two_handed_weapon", "armour": "powered_armour", "support": 1},
        {"fight": 0, "weapon": "hand_weapon", "extra_weapon": True, "armour": "light_armour", "shield": False},
        {"fight": 2, "weapon": "none", "armour": "none", "extra_die": True},
        {"fight": 0, "weapon": "assault_pistol", "armour": "sarcophagus", "skills": ["critical_hit"]},
        {"fight": -1, "weapon": "hand_weapon", "armour": "light_armour", "shield": True, "support": 2},
    ]
    for i, a in enumerate(fighters):
        for j, d in enumerate(fighters):
            if (i * 5 + j) % 3 == 0 and not (i == 4 and j == 4):
                out.append({"kind": "melee", "attacker": a, "defender": d})
    return out


def main():
    cases = []
    for q in queries():
        expected = shoot(q) if q["kind"] == "shoot" else melee(q)
        cases.append({"query": to_toml(q), "expected": expected})
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "tests", "data", "icepool_fixture.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"generator": "tools/icepool_fixture.py", "icepool": icepool.__version__,
                   "cases": cases}, fh, indent=1)
        fh.write("\n")
    print(f"{len(cases)} cases written to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
