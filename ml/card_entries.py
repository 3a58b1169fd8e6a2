"""What train.py writes into each model card besides its metrics: golden records, which way each answer moves the
model, each feature's contribution, the comparison with the variants, and why this model was chosen."""
from __future__ import annotations

import json

import numpy as np

from encoding import missing_mask
from evaluation import interval
from risk_model import RiskModel
from spec_types import REPO_ROOT, ModelSpec


def r8(x: float) -> float:
    return float(round(float(x), 8))


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def form_value(field, v: float):
    """A JSON value for a raw form input: null for 'not measured' (NaN), ints for integer and coded fields."""
    if np.isnan(v):
        return None
    if field.type in ("integer", "code") and float(v).is_integer():
        return int(v)
    return float(str(np.float32(v)))  # shortest decimal that is the same float32 the model receives


def golden_records(spec: ModelSpec, model, X: np.ndarray) -> list[dict]:
    rows = [X[i] for i in spec.golden_rows]
    rows += [np.array([np.nan if rec[k] is None else float(rec[k]) for k in spec.keys]) for rec in spec.golden_extra]
    G = np.array(rows, dtype=np.float32).astype(float)
    contrib, bias = model.contributions(G)
    logit = bias + contrib.sum(axis=1)
    proba = model.predict_proba(G)
    out = []
    for n, g in enumerate(G):
        source = (
            f"data set row {spec.golden_rows[n]} (after filtering)"
            if n < len(spec.golden_rows)
            else "hand-written record"
        )
        out.append(
            {
                "source": source,
                "input": {f.key: form_value(f, g[i]) for i, f in enumerate(spec.fields)},
                "probability": r8(proba[n]),
                "logit": r8(logit[n]),
                "contributions": {f.key: r8(contrib[n, i]) for i, f in enumerate(spec.fields)},
            }
        )
    return out


EXPECTED_DIRECTIONS = REPO_ROOT / "server" / "src" / "content" / "assessments" / "expected-directions.json"


def explanation_entries(spec: ModelSpec, model: RiskModel, X: np.ndarray) -> dict:
    """Which way the model moves each answer, against the clinically expected direction the server checks before it
    calls an answer a reason (expected-directions.json). Codes: each answer's push relative to the average training
    patient; numbers: the sign of the contribution's slope across the form's range."""
    expected = json.loads(EXPECTED_DIRECTIONS.read_text(encoding="utf-8"))
    written = expected["models"].get(spec.test, {})
    base = np.nanmedian(X, axis=0)
    entries = []
    for i, f in enumerate(spec.fields):
        e = written.get(f.key)
        if f.type == "code":
            rows = np.tile(base, (len(f.codes), 1))
            rows[:, i] = [c for c, _ in f.codes]
            contrib, _ = model.contributions(rows)
            model_dirs = {str(c): ("up" if contrib[k, i] > 0 else "down") for k, (c, _) in enumerate(f.codes)}
            want = (e or {}).get("codes", {})
            against = [lab for c, lab in f.codes if str(c) in want and want[str(c)] != model_dirs[str(c)]]
            unwritten = [lab for c, lab in f.codes if str(c) not in want]
            model_text = ", ".join(f"{lab} {model_dirs[str(c)]}" for c, lab in f.codes)
        else:
            grid = np.linspace(f.min, f.max, 41)
            rows = np.tile(base, (len(grid), 1))
            rows[:, i] = grid
            contrib, _ = model.contributions(rows)
            steps = np.diff(contrib[:, i])
            rising, falling = bool((steps > 1e-9).any()), bool((steps < -1e-9).any())
            shape = (
                "rises"
                if rising and not falling
                else "falls"
                if falling and not rising
                else "bends"
                if rising
                else "flat"
            )
            model_text = f"contribution {shape} across {f.min:g}-{f.max:g}"
            against = []
            if e is not None and shape in ("rises", "falls", "bends"):
                if shape == "bends" or (shape == "rises") != e["increasing"]:
                    against = ["part of the range" if shape == "bends" else "the whole range"]
            unwritten = [] if e is not None else ["all values"]
        entries.append(
            {
                "key": f.key,
                "expected": None
                if e is None
                else (e.get("codes") or ("higher raises" if e["increasing"] else "higher lowers")),
                "source": None if e is None else expected["sources"][e["source"]]["title"],
                "model": model_text,
                "not_shown_as_reason": (["against the expectation: " + ", ".join(against)] if against else [])
                + (["no written expectation: " + ", ".join(unwritten)] if unwritten else []),
            }
        )
    return {
        "rule": "The result page calls an answer a reason only where its direction agrees with the clinically expected "
        "direction written in server/src/content/assessments/expected-directions.json (with a source each), and "
        "its effect is not negligible; the others are listed apart, with why. The model itself is not "
        "constrained: its estimate still uses every answer. `npm run check:explanations -w server` counts "
        "both over a spread of forms.",
        "features": entries,
    }


def feature_entries(spec: ModelSpec, model: RiskModel, X: np.ndarray) -> list[dict]:
    enc = model.lr.named_steps["enc"]
    coef = model.lr.named_steps["lr"].coef_[0]
    entries = []
    for i, f in enumerate(spec.fields):
        x = X[:, i]
        present = x[~missing_mask(f, x)]
        outside = int(((present < f.min) | (present > f.max)).sum())
        cols = [
            {
                "column": enc.names_[j],
                "train_mean": r8(enc.mean_[j]),
                "train_sd": r8(enc.sd_[j]),
                "coefficient": r8(coef[j]),
            }
            for j in np.flatnonzero(enc.owner_ == i)
        ]
        entry = {
            "index": i,
            "key": f.key,
            "label": f.label,
            "unit": f.unit,
            "type": f.type,
            "min": f.min,
            "max": f.max,
            "codes": [{"code": c, "label": lab} for c, lab in f.codes] or None,
            "training_range": [form_value(f, present.min()), form_value(f, present.max())],
            "training_rows_outside_form_range": outside,
            "missing": None
            if f.missing is None
            else {
                "sent_as": "0 or NaN" if f.missing == "zero_or_nan" else "NaN",
                "imputed_with": r8(enc.states_[i]["median"]),
                "imputed_with_what": "most common answer of the training rows"
                if f.type == "code"
                else "median of the training rows",
                "missing_indicator": f.indicator,
            },
            "encoding": f.describe_encoding(),
            "design_columns": cols,
        }
        if f.note:
            entry["note"] = f.note
        entries.append(entry)
    return entries


def comparison_table(spec: ModelSpec, cv: dict, n_tr: float, n_te: float) -> list[dict]:
    chosen_auc = np.array([f["roc_auc"] for f in cv["folds"]])
    rows = [
        {
            "name": "lr_chosen (served)",
            "family": "logistic regression, additive",
            "description": "The served model: encodings as listed under features, L2 penalty C = " + f"{spec.C:g}",
            "roc_auc": interval(chosen_auc, n_tr, n_te),
            "brier": interval([f["brier"] for f in cv["folds"]], n_tr, n_te),
            "auc_minus_chosen": None,
        }
    ]
    for v in spec.variants:
        s = cv["variants"][v.name]
        family = {
            "lr": "logistic regression, additive",
            "hgb": "gradient boosting (HistGradientBoosting)",
            "hgb_stumps": "gradient boosting with stumps (additive)",
        }[v.family]
        desc = v.description + (f" (C = {v.C:g})" if v.family == "lr" and v.C is not None and v.C != spec.C else "")
        rows.append(
            {
                "name": v.name,
                "family": family,
                "description": desc,
                "roc_auc": interval(s["auc"], n_tr, n_te),
                "brier": interval(s["brier"], n_tr, n_te),
                "auc_minus_chosen": interval(np.array(s["auc"]) - chosen_auc, n_tr, n_te),
            }
        )
    return rows


def choice_reason(spec: ModelSpec, table: list[dict]) -> str:
    chosen = table[0]
    best = max(table[1:], key=lambda r: r["roc_auc"]["mean"])
    d = best["auc_minus_chosen"]
    if d["mean"] <= 0:
        verdict = (
            f"No alternative beat it: the best, {best['name']}, scored {best['roc_auc']['mean']:.4f} "
            f"({d['mean']:+.4f}, 95 % CI {d['ci95'][0]:+.4f} to {d['ci95'][1]:+.4f})."
        )
    elif d["ci95"][0] <= 0:
        verdict = (
            f"The best alternative, {best['name']}, scored {best['roc_auc']['mean']:.4f}: {d['mean']:+.4f} "
            f"(95 % CI {d['ci95'][0]:+.4f} to {d['ci95'][1]:+.4f}), within noise."
        )
    else:
        verdict = (
            f"The best alternative, {best['name']}, scored {best['roc_auc']['mean']:.4f}: {d['mean']:+.4f} "
            f"(95 % CI {d['ci95'][0]:+.4f} to {d['ci95'][1]:+.4f}), a small but real gain that the additive "
            f"model gives up for explanations that add up exactly."
        )
    return (
        f"Additive logistic regression (CV ROC-AUC {chosen['roc_auc']['mean']:.4f}, Brier "
        f"{chosen['brier']['mean']:.4f}). {verdict} The served model's per-field contributions sum with the "
        f"intercept to its logit, so every result can show which inputs pushed the risk up or down, in the "
        f"user's own units. {spec.choice_reason}"
    ).strip()
