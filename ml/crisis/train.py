"""Train, evaluate and export the crisis text classifier (a recall-oriented input to the chat's helpline line).

    /usr/bin/python3 ml/crisis/train.py            # leave-one-part-out evaluation, final fit, writes the table
    /usr/bin/python3 ml/crisis/train.py --no-patterns   # without the figures of the hand-written patterns (no node)

Reads every labelled phrasing in contracts/sets/red-flags/ and contracts/sets/distress/ (crisis = 1; ordinary
questions and poisoning without intent = 0), and ml/crisis/sets/off-topic.json (small talk = 0). A "part" is one file
group written at one time (e.g. red-flag-sets held-out-3: its crisis, ordinary and poisoning files). Each part is scored
by a model trained on the other parts only (texts it shares with them, after normalisation, are removed from their
training data), the thresholds are chosen on these pooled out-of-part scores, and the final model is fitted on
everything.
Writes contracts/src/content/crisis-classifier.json and prints the figures and the parity scores.
"""
import hashlib
import json
import math
import os
import subprocess
import sys
from collections import defaultdict

import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from features import CHAR_MAX, CHAR_MIN, NORMALISATION, features, normalise, score  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# Each set folder and the name its parts are reported under (the names they had before the sets left contracts/src).
SET_DIRS = {"contracts/sets/red-flags": "red-flag-sets", "contracts/sets/distress": "distress-sets"}
# Negatives for the classifier only (off-topic and small talk): one part of their own.
EXTRA_SETS = {"ml/crisis/sets/off-topic.json": ("off-topic", "ml-crisis/off-topic")}
# Hindi and Hinglish (decision 025): phrasings written for training, and the tuning part of the judged reading set
# (its held-out parts are never read here).
HINDI_TRAINING = "ml/crisis/sets/hindi.json"
READING_TUNING = "server/sets/reading/messages.tuning.json"
HINDI_PARTS = ("ml-crisis/hindi", "reading/")
READING_KIND = {"crisis": "crisis", "crisis-other": "crisis", "means": "crisis", "poisoning": "poisoning"}
OUT = os.path.join(ROOT, "contracts/src/content/crisis-classifier.json")
SEED = 0
C = 4.0
MIN_DF = 2
PRUNE = 0.02  # weights smaller than this (absolute) are dropped from the table
DECIMALS = 4
TARGET_RECALL = 0.95
MAX_ORDINARY_FP_CRISIS = 0.01
PARITY_TEXTS = [
    "i want to end it all",
    "everyone would be better off if i wasnt here",
    "how do i end a migraine",
    "my knee is killing me",
    "when does the flu end",
    "tired all the time could it be anaemia",
    "Don\u2019t see the point anymore...",
    "\u0905\u092c \u091c\u0940\u0928\u0947 \u0915\u093e \u092e\u0928 \u0928\u0939\u0940\u0902 \u0915\u0930\u0924\u093e",
    "sab khatam kar dena chahta hu",
]


def load():
    """Items as dicts: text, label, kind (crisis/ordinary/poisoning), part."""
    items = []
    for d in SET_DIRS:
        for name in sorted(os.listdir(os.path.join(ROOT, d))):
            if not name.endswith(".json"):
                continue
            kind, rest = name.split(".", 1)
            part = SET_DIRS[d] + "/" + rest[: -len(".json")]
            with open(os.path.join(ROOT, d, name), encoding="utf-8") as fh:
                data = json.load(fh)
            for it in data["items"]:
                text = it if isinstance(it, str) else it["text"]
                items.append({"text": text, "label": 1 if kind == "crisis" else 0, "kind": kind, "part": part})
    for path, (kind, part) in EXTRA_SETS.items():
        with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
            items += [{"text": t, "label": 0, "kind": kind, "part": part} for t in json.load(fh)["items"]]
    with open(os.path.join(ROOT, HINDI_TRAINING), encoding="utf-8") as fh:
        hindi = json.load(fh)
    # Two parts, by position within each language: the Hindi and Hinglish lists were written line by line beside
    # each other, so a line and its twin fall in the same part and never score each other.
    for key, label, kind in (("crisis", 1, "crisis"), ("other", 0, "ordinary")):
        index = defaultdict(int)
        for it in hindi[key]:
            n = index[it["lang"]]
            index[it["lang"]] += 1
            items.append({"text": it["text"], "label": label, "kind": kind, "part": f"ml-crisis/hindi-{n % 2 + 1}"})
    with open(os.path.join(ROOT, READING_TUNING), encoding="utf-8") as fh:
        for it in json.load(fh)["messages"]:
            kind = READING_KIND.get(it["expect"], "ordinary")
            items.append(
                {"text": it["text"], "label": 1 if kind == "crisis" else 0, "kind": kind, "part": "reading/tuning"}
            )
    return items


def fit(train_items):
    feats = [features(it["text"]) for it in train_items]
    df = defaultdict(int)
    for f in feats:
        for k in f:
            df[k] += 1
    feats = [{k: v for k, v in f.items() if df[k] >= MIN_DF} for f in feats]
    vec = DictVectorizer()
    X = vec.fit_transform(feats)
    y = np.array([it["label"] for it in train_items])
    model = LogisticRegression(C=C, class_weight="balanced", max_iter=5000, random_state=SEED)
    model.fit(X, y)
    names = vec.get_feature_names_out()
    weights = {}
    for name, w in zip(names, model.coef_[0]):
        if abs(w) >= PRUNE:
            weights[str(name)] = round(float(w), DECIMALS)
    return {"bias": round(float(model.intercept_[0]), DECIMALS), "weights": dict(sorted(weights.items()))}


def dedupe(items):
    """One item per (normalised text, label); a text labelled both ways is a data error."""
    seen = {}
    for it in items:
        key = normalise(it["text"])
        if key in seen and seen[key]["label"] != it["label"]:
            raise SystemExit(f"labelled both ways: {it['text']!r}")
        seen.setdefault(key, it)
    return list(seen.values())


def threshold_for_recall(crisis_scores, recall):
    s = sorted(crisis_scores, reverse=True)
    return s[math.ceil(recall * len(s)) - 1]


def threshold_for_fp(ordinary_scores, max_fp):
    """The lowest threshold that at most max_fp of the ordinary scores reach (a hair above the first one over)."""
    s = sorted(ordinary_scores, reverse=True)
    allowed = math.floor(max_fp * len(s))
    return round(s[allowed] + 1e-6, 6)


def pct(n, d):
    return f"{100 * n / d:.1f} % ({n}/{d})" if d else "- (0/0)"


def patterns_of(texts):
    proc = subprocess.run(
        ["npx", "tsx", "ml/crisis/patterns.ts"],
        input=json.dumps(texts).encode(),
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    return json.loads(proc.stdout)


def main():
    use_patterns = "--no-patterns" not in sys.argv
    items = load()
    parts = sorted({it["part"] for it in items})
    oop = []  # (item, score)
    for part in parts:
        held = [it for it in items if it["part"] == part]
        held_keys = {normalise(it["text"]) for it in held}
        train = dedupe([it for it in items if it["part"] != part and normalise(it["text"]) not in held_keys])
        table = fit(train)
        oop += [(it, score(table, it["text"])) for it in held]
        print(f"  part {part}: trained on {len(train)}, scored {len(held)}", file=sys.stderr)

    crisis = [(it, s) for it, s in oop if it["kind"] == "crisis"]
    ordinary = [(it, s) for it, s in oop if it["kind"] == "ordinary"]
    poisoning = [(it, s) for it, s in oop if it["kind"] == "poisoning"]
    off_topic = [(it, s) for it, s in oop if it["kind"] == "off-topic"]
    # Rounded down, so the phrasing at the recall target stays at or over it. English and Hindi (Devanagari or
    # Hinglish) each get their own line threshold, chosen on their own out-of-part crisis phrasings: the Hindi parts
    # are few and hard out of part, and would otherwise pull the English line down onto ordinary questions.
    is_hindi = lambda it: it["part"].startswith(HINDI_PARTS)  # noqa: E731
    t_line = math.floor(threshold_for_recall([s for it, s in crisis if not is_hindi(it)], TARGET_RECALL) * 1e6) / 1e6
    t_line_hi = math.floor(threshold_for_recall([s for it, s in crisis if is_hindi(it)], TARGET_RECALL) * 1e6) / 1e6
    hi_crisis = [(it, s) for it, s in crisis if is_hindi(it)]
    hi_ordinary = [(it, s) for it, s in ordinary if is_hindi(it)]
    crisis = [(it, s) for it, s in crisis if not is_hindi(it)]
    ordinary = [(it, s) for it, s in ordinary if not is_hindi(it)]
    t_crisis = threshold_for_fp([s for _, s in ordinary], MAX_ORDINARY_FP_CRISIS)

    def over(rows, t):
        return sum(1 for _, s in rows if s >= t)

    figures = {
        "parts": len(parts),
        "crisisPhrasings": len(crisis),
        "ordinaryQuestions": len(ordinary),
        "poisoningPhrasings": len(poisoning),
        "offTopicMessages": len(off_topic),
        "hindi": {
            "note": "Hindi and Hinglish parts (ml/crisis/sets/hindi.json in two parts, and the judged reading set's "
            "tuning part), at their own line threshold",
            "crisisPhrasings": len(hi_crisis),
            "otherMessages": len(hi_ordinary),
            "line": {
                "threshold": t_line_hi,
                "crisisRecall": over(hi_crisis, t_line_hi) / len(hi_crisis),
                "otherOver": over(hi_ordinary, t_line_hi) / len(hi_ordinary),
            },
        },
        "classifierAlone": {
            "line": {
                "threshold": t_line,
                "crisisRecall": over(crisis, t_line) / len(crisis),
                "ordinaryOver": over(ordinary, t_line) / len(ordinary),
                "poisoningOver": over(poisoning, t_line) / len(poisoning),
                "offTopicOver": over(off_topic, t_line) / len(off_topic),
            },
            "crisisReplyNotUsed": {
                "why": "measured only: the ordinary questions over it out of part include 'i cut myself while shaving "
                "and it keeps bleeding', 'best way to fall asleep quickly' and 'i want to quit vaping', which "
                "would lose their answer to the crisis reply; the full crisis reply stays with the red-flag "
                "patterns",
                "threshold": t_crisis,
                "crisisRecall": over(crisis, t_crisis) / len(crisis),
                "ordinaryOver": over(ordinary, t_crisis) / len(ordinary),
                "poisoningOver": over(poisoning, t_crisis) / len(poisoning),
            },
        },
    }
    print("Out-of-part figures (each part scored by a model that never saw it):")
    print(
        f"  Hindi and Hinglish, classifier >= {t_line_hi} (line): crisis recall "
        f"{pct(over(hi_crisis, t_line_hi), len(hi_crisis))}, "
        f"other over {pct(over(hi_ordinary, t_line_hi), len(hi_ordinary))}"
    )
    print(
        f"  classifier >= {t_line} (line): crisis recall {pct(over(crisis, t_line), len(crisis))}, "
        f"ordinary over {pct(over(ordinary, t_line), len(ordinary))}, poisoning over "
        f"{pct(over(poisoning, t_line), len(poisoning))}, "
        f"off-topic over {pct(over(off_topic, t_line), len(off_topic))}"
    )
    print(
        f"  classifier >= {t_crisis} (crisis reply, measured, not used): crisis recall "
        f"{pct(over(crisis, t_crisis), len(crisis))}, "
        f"ordinary over {pct(over(ordinary, t_crisis), len(ordinary))}, poisoning over "
        f"{pct(over(poisoning, t_crisis), len(poisoning))}"
    )

    if use_patterns:
        pat = patterns_of([it["text"] for it, _ in oop])
        rows = [(it, s, p) for (it, s), p in zip(oop, pat)]
        cr = [r for r in rows if r[0]["kind"] == "crisis"]
        orr = [r for r in rows if r[0]["kind"] == "ordinary"]
        pat_any = lambda r: r[2]["reply"] or r[2]["line"]  # noqa: E731
        line_of = lambda it: t_line_hi if is_hindi(it) else t_line  # noqa: E731
        both = lambda r: pat_any(r) or r[1] >= line_of(r[0])  # noqa: E731
        figures["patternsNow"] = {
            "note": "the current patterns were tuned on the tuning parts and on what earlier held-out parts showed, "
            "so these are NOT out-of-part figures; the held-out parts' first measurements are in "
            "contracts/src/distress.eval.test.ts",
            "crisisRecall": sum(map(pat_any, cr)) / len(cr),
            "crisisReply": sum(1 for r in cr if r[2]["reply"]) / len(cr),
            "ordinaryWithLine": sum(map(pat_any, orr)) / len(orr),
        }
        figures["patternsNowOrClassifier"] = {
            "crisisRecall": sum(map(both, cr)) / len(cr),
            "ordinaryWithLine": sum(map(both, orr)) / len(orr),
        }
        print(
            f"  patterns now (tuned on most of these, in-sample): line or reply {pct(sum(map(pat_any, cr)), len(cr))}, "
            f"ordinary with line {pct(sum(map(pat_any, orr)), len(orr))}"
        )
        print(
            f"  patterns now OR classifier: line or reply {pct(sum(map(both, cr)), len(cr))}, "
            f"ordinary with line {pct(sum(map(both, orr)), len(orr))}"
        )
        per_part = {}
        for part in parts:
            pc = [r for r in cr if r[0]["part"] == part]
            po = [r for r in orr if r[0]["part"] == part]
            per_part[part] = {
                "crisis": len(pc),
                "classifierRecall": round(sum(1 for r in pc if r[1] >= line_of(r[0])) / max(1, len(pc)), 4),
                "patternsOrClassifierRecall": round(sum(map(both, pc)) / max(1, len(pc)), 4),
                "ordinary": len(po),
                "classifierOrdinaryOver": round(sum(1 for r in po if r[1] >= line_of(r[0])) / max(1, len(po)), 4),
            }
            print(
                f"    {part}: classifier recall {pct(sum(1 for r in pc if r[1] >= line_of(r[0])), len(pc))}, "
                f"with patterns {pct(sum(map(both, pc)), len(pc))}; ordinary over "
                f"{pct(sum(1 for r in po if r[1] >= line_of(r[0])), len(po))}"
            )
        figures["perPart"] = per_part

    figures["hindi"]["line"] = {a: round(b, 4) for a, b in figures["hindi"]["line"].items()}
    for group in ("classifierAlone",):
        for k in figures[group]:
            figures[group][k] = {a: (round(b, 4) if isinstance(b, float) else b) for a, b in figures[group][k].items()}
    for group in ("patternsNow", "patternsNowOrClassifier"):
        if group in figures:
            figures[group] = {a: (round(b, 4) if isinstance(b, float) else b) for a, b in figures[group].items()}

    train_all = dedupe(items)
    final = fit(train_all)
    digest = hashlib.sha256(
        json.dumps(sorted([normalise(it["text"]), it["label"]] for it in train_all)).encode()
    ).hexdigest()
    parity = [{"text": t, "score": round(score(final, t), 9)} for t in PARITY_TEXTS]
    out = {
        "about": "A learned crisis (suicide, self-harm) text classifier: logistic regression over word uni/bi-grams "
        "and character 3-5-grams of the normalised text. A recall-oriented third input to the chat's "
        "helpline line beside the crisis red flags and the distress patterns, which it never replaces; the "
        "full crisis reply stays with the red-flag patterns (see "
        "figures.classifierAlone.crisisReplyNotUsed). Trained by ml/crisis/train.py on the labelled "
        "phrasings in contracts/sets/red-flags and contracts/sets/distress; its model card is "
        "ml/crisis/README.md. Score = sigmoid(bias + sum of weight x value over the features present), each "
        "block's value 1/sqrt(its distinct features).",
        "model": "logistic regression (scikit-learn, L2, C=%s, balanced classes, min document frequency %d, weights "
        "below %s dropped, %d decimals)" % (C, MIN_DF, PRUNE, DECIMALS),
        "normalisation": NORMALISATION,
        "features": {"words": [1, 2], "chars": [CHAR_MIN, CHAR_MAX], "charPadding": " "},
        "thresholds": {"line": t_line, "lineHindi": t_line_hi},
        "training": {
            "texts": len(train_all),
            "crisis": sum(it["label"] for it in train_all),
            "sha256": digest,
            "seed": SEED,
        },
        "figures": figures,
        "parity": parity,
        "bias": final["bias"],
        "weights": final["weights"],
    }
    with open(OUT, "w", encoding="utf-8") as fh:
        json.dump(out, fh, ensure_ascii=False, separators=(",", ":"))
        fh.write("\n")
    print(f"features kept: {len(final['weights'])}, file {os.path.getsize(OUT)} bytes, training sha256 {digest[:12]}")
    print("parity scores:")
    for p in parity:
        print(f"  {p['score']:.9f}  {p['text']!r}")


if __name__ == "__main__":
    main()
