#!/usr/bin/python3
"""Train, evaluate and export MediBuddy's tabular risk models.

    /usr/bin/python3 ml/train.py <heart|diabetes|cardio|liver|all> [--check] [--out DIR]

Writes server/models/<test>/{model.onnx,card.json,CARD.md} (or DIR/<test>/ with --out) and the parity fixtures in
ml/.cache/<test>/ (git-ignored: they hold data-set rows), then checks ONNX parity in Node when onnxruntime-node is
installed. --check retrains into a temporary folder, writes nothing in the repo, and exits non-zero when a model's
cross-validated ROC-AUC falls below its bar or parity fails. Data are read from ML_DATA_DIR (see ml/README.md).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# One thread each: the machine has 2 shared cores, and single-threaded BLAS/OpenMP keeps results bit-reproducible.
# Set before numpy is imported, which reads them once.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from card import render_markdown, shown_figure  # noqa: E402
from encoding import missing_mask  # noqa: E402
from evaluation import (  # noqa: E402
    SEED,
    calibration,
    choose_threshold,
    cross_validate,
    describe_rule,
    interval,
    r4,
    rule_name,
)
from risk_model import RiskModel  # noqa: E402
from onnx_export import INPUT, OPSET, build, content_hash, finish  # noqa: E402
from specs import REPO_ROOT, SPECS, ModelSpec, data_dir  # noqa: E402

# The bars each model's cross-validated mean ROC-AUC must reach (ml/README.md).
BARS = {"heart": 0.88, "diabetes": 0.83, "cardio": 0.79, "liver": 0.74}
DEFAULT_MODELS_DIR = REPO_ROOT / "server" / "models"
DEFAULT_CACHE_DIR = REPO_ROOT / "ml" / ".cache"
PARITY_TOLERANCE = 1e-5
METRICS = ("roc_auc", "accuracy", "sensitivity", "specificity", "brier")


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


EXPECTED_DIRECTIONS = REPO_ROOT / "server" / "src" / "modules" / "assessments" / "expected-directions.json"


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
        "direction written in server/src/modules/assessments/expected-directions.json (with a source each), and "
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


def write_parity_fixture(cache: Path, model, X: np.ndarray) -> None:
    """What the Node parity check compares the ONNX graph against: sklearn's output on every training row."""
    cache.mkdir(parents=True, exist_ok=True)
    X32 = X.astype(np.float32)
    Xr = X32.astype(float)
    p = model.predict_proba(Xr)
    contrib, bias = model.contributions(Xr)
    logit = bias + contrib.sum(axis=1)
    gap = np.abs(logit - model.score(Xr)).max()
    if gap > 1e-9:
        raise AssertionError(f"contributions do not add up to sklearn's decision function (max gap {gap:g})")
    expected = np.column_stack([p, logit, contrib]).astype("<f8")
    X32.astype("<f4").tofile(cache / "inputs.f32")
    expected.tofile(cache / "expected.f64")
    (cache / "parity.json").write_text(
        json.dumps(
            {
                "rows": int(X.shape[0]),
                "features": int(X.shape[1]),
                "expected_columns": ["probability", "logit"] + ["contributions"] * X.shape[1],
            }
        )
    )


def run_parity(test: str, models: Path, cache: Path) -> tuple[str, float | None]:
    try:
        proc = subprocess.run(
            [
                "node",
                str(REPO_ROOT / "ml" / "check_parity.mjs"),
                test,
                "--models",
                str(models),
                "--cache",
                str(cache),
                "--json",
            ],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
        )
    except FileNotFoundError:
        return "skipped (node not found)", None
    if proc.returncode == 2:
        return "skipped (onnxruntime-node not installed: npm ci)", None
    try:
        result = json.loads(proc.stdout.strip().splitlines()[-1])[test]
    except (ValueError, IndexError, KeyError):
        raise RuntimeError(f"parity check crashed:\n{proc.stdout}\n{proc.stderr}")
    if proc.returncode != 0:
        return f"FAILED: {result.get('error', proc.stderr.strip())}", result.get("max_abs_diff")
    return "ok", result["max_abs_diff"]


def train(test: str, models_dir: Path, cache_dir: Path) -> dict:
    spec = SPECS[test]
    t0 = time.time()
    loaded = spec.load(data_dir())
    X = loaded.X[spec.keys].to_numpy(dtype=float)
    y = loaded.y
    cv = cross_validate(spec, X, y)
    n_te = len(y) / spec.cv_splits
    n_tr = len(y) - n_te
    metrics = {m: interval([f[m] for f in cv["folds"]], n_tr, n_te) for m in METRICS}
    thresholds = [f["threshold"] for f in cv["folds"]]
    reps = np.repeat(y[None, :], spec.cv_repeats, axis=0).ravel()
    cal = calibration(reps, cv["oof"].ravel())
    cal_raw = calibration(reps, cv["raw_oof"].ravel()) if spec.recalibrate else None
    table = comparison_table(spec, cv, n_tr, n_te)

    model = RiskModel(spec, SEED).fit(X, y)
    final_oof = model.inner_proba
    threshold = choose_threshold(spec.threshold_rule, y, final_oof)
    enc, lr = model.lr.named_steps["enc"], model.lr.named_steps["lr"]
    intercept = float(lr.intercept_[0])
    graph = build(enc, lr.coef_[0], intercept, f"medibuddy_{test}", recal=model.recal)
    version = f"{test}-lr-{content_hash(graph)}"
    keys = spec.keys
    onnx_bytes = finish(
        graph,
        version,
        doc=f"MediBuddy {spec.title} risk model ({version}); see card.json",
        meta={
            "test": test,
            "input": INPUT,
            "input_order": json.dumps(keys),
            "threshold": repr(threshold),
            "card": "card.json",
        },
    )

    out = models_dir / test
    out.mkdir(parents=True, exist_ok=True)
    (out / "model.onnx").write_bytes(onnx_bytes)
    write_parity_fixture(cache_dir / test, model, X)

    ds = spec.dataset
    card = {
        "id": test,
        "version": version,
        "title": spec.title,
        "outcome": spec.outcome_label,
        "reproduce": f"/usr/bin/python3 ml/train.py {test}",
        "dataset": {
            "name": ds.name,
            "file": ds.file,
            "read_from": "ML_DATA_DIR (default ../shared/datasets from the repo root)",
            "licence": ds.licence,
            "citation": ds.citation,
            "origin": ds.origin,
            "target": ds.target,
            "rows": loaded.rows,
            "positives": int(y.sum()),
            "negatives": int(len(y) - y.sum()),
            "prevalence": r4(y.mean()),
            "conversions_to_form_codes": loaded.conversions,
        },
        "features": feature_entries(spec, model, X),
        "preprocessing": [
            "The model takes the form's raw values (form units and codes) in the order of `features`.",
            *loaded.conversions,
            "Imputation medians, spline knots (quantiles), means and standard deviations are learnt from the training "
            "rows only: inside every CV fold for the reported metrics, on all rows for the served model.",
            "Every design column is standardised; a field's contribution is sum(coefficient * (column - mean) / sd) "
            "over "
            "its columns, i.e. its push on the log-odds relative to the average training patient.",
        ],
        "model": {
            "family": "logistic regression (L2, lbfgs), additive per form field",
            "C": spec.C,
            "intercept": r8(intercept),
            "design_columns": int(len(enc.mean_)),
            "recalibration": None
            if model.recal is None
            else model.recal.describe()
            | {
                "why": "The additive score ranks well and its calibration slope is ~1, but its decile table bends: "
                "the lowest and highest deciles were over-predicted (observed risk levels off near 85 % however "
                "many risk factors add up). A monotone piecewise-linear map of the score fixes the bend "
                "without changing the ranking or the explanations: contributions still add up to the score "
                "(`logit`), and a higher score never means a lower probability.",
                "cv_brier_without": interval(cv["raw_brier"], n_tr, n_te),
                "cv_calibration_without": cal_raw,
            },
            "comparison": table,
            "choice_reason": choice_reason(spec, table),
            "selection_note": "Encodings and C were picked from a handful of candidates on repeated-CV splits with "
            "another seed; the reported CV uses fresh splits, but the same rows, so the served "
            "model's numbers may be optimistic by a few thousandths of AUC.",
        },
        "threshold": {
            "value": r8(threshold),
            "rule": spec.threshold_rule,
            "rationale": describe_rule(spec.threshold_rule, spec.inner_folds),
            "cv_thresholds": {"mean": r4(np.mean(thresholds)), "min": r4(min(thresholds)), "max": r4(max(thresholds))},
            "flag_when": "probability >= value",
            "other_operating_points": [
                {
                    "rule": r,
                    "value_on_all_rows": r8(choose_threshold(r, y, final_oof)),
                    **{
                        m: interval([f[m] for f in cv["other_rules"][rule_name(r)]], n_tr, n_te)
                        for m in ("accuracy", "sensitivity", "specificity")
                    },
                }
                for r in cv["rules"][1:]
            ],
        },
        "evaluation": {
            "scheme": f"repeated stratified {spec.cv_splits}-fold CV x {spec.cv_repeats} repeats (seed {SEED}); every "
            "preprocessing step, the threshold and the model are fitted inside each training fold; "
            + (
                f"data-driven thresholds are tuned on {spec.inner_folds}-fold out-of-fold predictions within "
                "the training fold"
                if spec.inner_folds
                else "data-driven thresholds are tuned on the training fold's own fitted predictions (large data)"
            ),
            "ci_method": "mean over folds with a 95 % interval from the corrected resampled t-test (Nadeau & Bengio "
            "2003): mean +/- t(0.975, k*r-1) * sqrt((1/(k*r) + n_test/n_train) * fold variance). "
            "fold_range95 = 2.5th-97.5th percentile of single-fold values.",
            "metrics": metrics,
            "metrics_at": "sensitivity, specificity and accuracy at each fold's own threshold (rule above)",
            "calibration": cal
            | {
                "method": f"pooled out-of-fold predictions of all {spec.cv_repeats} repeats (each row "
                f"{spec.cv_repeats} "
                "times); slope from logistic regression of the outcome on logit(p) (ideal 1), intercept "
                "with logit(p) as offset (ideal 0); deciles of predicted probability",
            },
            "bar": {"roc_auc": BARS[test], "met": metrics["roc_auc"]["mean"] >= BARS[test]},
        },
        "onnx": {
            "file": "model.onnx",
            "opset": OPSET,
            "input": {
                "name": INPUT,
                "dtype": "float32",
                "shape": ["N", len(keys)],
                "order": keys,
                "missing": "send NaN (or 0 where the feature's `missing.sent_as` says so) for 'not measured'; "
                "other fields must be real values inside [min, max]",
            },
            "outputs": [
                {"name": "probability", "dtype": "float32", "shape": ["N", 1]},
                {
                    "name": "logit",
                    "dtype": "float32",
                    "shape": ["N", 1],
                    "equals": "bias + sum(contributions)",
                    "meaning": "the additive score"
                    + ("" if model.recal is None else " (log-odds before the monotone recalibration)"),
                },
                {
                    "name": "contributions",
                    "dtype": "float32",
                    "shape": ["N", len(keys)],
                    "order": keys,
                    "meaning": "log-odds pushed by each form field relative to the average training patient",
                },
            ],
            "bias": r8(intercept),
            "formula": "probability = sigmoid(logit), logit = bias + sum(contributions)"
            if model.recal is None
            else "probability = sigmoid(r(logit)), logit = bias + sum(contributions), r(s) = intercept + "
            "slope*s + sum_k hinges[k]*max(s - knots[k], 0) with model.recalibration's values "
            "(never decreasing). Use the graph's `probability`; do not recompute it as sigmoid(logit).",
            "parity": "ml/check_parity.mjs: onnxruntime-node vs sklearn on every training row, max abs diff < 1e-5",
        },
        "golden": golden_records(spec, model, X),
        "golden_note": "input null = not measured (send NaN). Tolerance for float32 inference: 1e-5.",
        "explanations": explanation_entries(spec, model, X),
        "shown_figure": shown_figure(test, r4(y.mean()), REPO_ROOT),
        "limitations": list(spec.limitations),
    }
    (out / "card.json").write_text(json.dumps(card, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "CARD.md").write_text(render_markdown(card), encoding="utf-8")
    return {"card": card, "seconds": time.time() - t0, "onnx_bytes": len(onnx_bytes)}


def summary_line(test: str, res: dict, parity: str, diff: float | None) -> str:
    c = res["card"]
    m = c["evaluation"]["metrics"]
    auc = m["roc_auc"]
    alt = max(c["model"]["comparison"][1:], key=lambda r: r["roc_auc"]["mean"])
    ok = "OK" if c["evaluation"]["bar"]["met"] else "BELOW BAR"
    return (
        f"{test:9s} AUC {auc['mean']:.4f} [{auc['ci95'][0]:.4f}, {auc['ci95'][1]:.4f}] bar {BARS[test]:.2f} {ok} | "
        f"acc {m['accuracy']['mean']:.3f} sens {m['sensitivity']['mean']:.3f} spec {m['specificity']['mean']:.3f} "
        f"@ {c['threshold']['value']:.3f} | Brier {m['brier']['mean']:.4f} cal slope "
        f"{c['evaluation']['calibration']['slope']:.3f} | best alt {alt['name']} {alt['roc_auc']['mean']:.4f} | "
        f"onnx {res['onnx_bytes'] / 1024:.1f} KiB | parity {parity}"
        + (f" {diff:.2e}" if diff is not None else "")
        + f" | {res['seconds']:.1f}s"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("test", choices=[*SPECS, "all"])
    ap.add_argument("--check", action="store_true", help="retrain into a temp dir; fail if a CV AUC is below its bar")
    ap.add_argument("--out", type=Path, help="models folder to write (default server/models)")
    args = ap.parse_args(argv)
    tests = list(SPECS) if args.test == "all" else [args.test]
    tmp = Path(tempfile.mkdtemp(prefix="medibuddy-ml-")) if args.check else None
    models_dir = (tmp / "models") if tmp else (args.out.resolve() if args.out else DEFAULT_MODELS_DIR)
    cache_dir = (tmp / "cache") if tmp else DEFAULT_CACHE_DIR
    print(f"data: {data_dir()}  ->  models: {models_dir}", flush=True)
    failures = []
    t0 = time.time()
    try:
        for test in tests:
            try:
                res = train(test, models_dir, cache_dir)
            except FileNotFoundError as err:
                print(f"FAIL {test}: {err}", file=sys.stderr)
                return 1
            parity, diff = run_parity(test, models_dir, cache_dir)
            print(summary_line(test, res, parity, diff), flush=True)
            committed = DEFAULT_MODELS_DIR / test / "card.json"
            if args.check and committed.exists():
                have = json.loads(committed.read_text(encoding="utf-8"))["version"]
                if have != res["card"]["version"]:
                    print(
                        f"note: server/models/{test} holds {have}, this code trains {res['card']['version']}: "
                        f"run ml/run.sh {test} and commit the result",
                        flush=True,
                    )
            if not res["card"]["evaluation"]["bar"]["met"]:
                failures.append(
                    f"{test}: CV ROC-AUC {res['card']['evaluation']['metrics']['roc_auc']['mean']:.4f} "
                    f"is below the bar {BARS[test]}"
                )
            if parity.startswith("FAILED"):
                failures.append(f"{test}: ONNX parity {parity}")
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"total {time.time() - t0:.1f}s", flush=True)
    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
