"""Renders card.json as a readable CARD.md (same facts, no new ones)."""
from __future__ import annotations


def _ci(m: dict, pct: bool = False) -> str:
    if pct:
        return f"{m['mean']:.1%} [{m['ci95'][0]:.1%}, {m['ci95'][1]:.1%}]"
    return f"{m['mean']:.3f} [{m['ci95'][0]:.3f}, {m['ci95'][1]:.3f}]"


def _num(v) -> str:
    if v is None:
        return "–"
    return f"{v:g}" if isinstance(v, float) else str(v)


def _rule(rule: dict) -> str:
    if rule["rule"] == "sensitivity":
        return f"sensitivity ≥ {rule['target']:.0%} (tuned in training rows)"
    if rule["rule"] == "youden":
        return "Youden's J (tuned in training rows)"
    if rule["rule"] == "fixed":
        return f"fixed {rule['value']:g}"
    if rule["rule"] == "cost":
        return f"cost {rule['cost_fn']:g}:{rule['cost_fp']:g}"
    return str(rule)


def shown_figure(test: str, prevalence: float, repo_root) -> dict:
    """How the result page shows this model's output (server/src/content/risk-scores/model-prevalence.json)."""
    import json

    data = json.loads(
        (repo_root / "server" / "src" / "content" / "risk-scores" / "model-prevalence.json").read_text(encoding="utf-8")
    )["models"][test]
    pop = data["population"]
    if pop:
        how = (
            f"Re-based to {pop['who']} ({pop['share']:.1%} have the condition; {pop['source']['title']}): the "
            f"odds are multiplied by (p/(1-p)) / (q/(1-q)) with p = {pop['share']} and q = {prevalence} (this "
            "training set's prevalence), a prior-shift correction (Saerens et al. 2002). The result page leads with "
            "a validated score or guideline threshold where there is one; this figure comes after it."
        )
    else:
        how = (
            "Shown as a score of 0 to 100 relative to this study, never as a person's chance: "
            f"{data['why']} The result page leads with a validated score or guideline threshold where there is one."
        )
    return {"training_prevalence": prevalence, "population": pop, "how": how}


def render_markdown(card: dict) -> str:
    ds = card["dataset"]
    ev = card["evaluation"]
    m = ev["metrics"]
    th = card["threshold"]
    cal = ev["calibration"]
    lines = [
        f"# {card['title']} model card — `{card['version']}`",
        "",
        f"Predicts the probability of **{card['outcome']}** from the {card['title'].lower()} form's values. "
        f"Reproduce with `{card['reproduce']}` (writes this folder). Generated from `card.json`; do not edit by hand.",
        "",
        "> Not a diagnosis. " + card["limitations"][1],
        "",
        "## Performance (cross-validated)",
        "",
        f"{ev['scheme']}.",
        "",
        "| metric | mean [95 % CI] | single folds (2.5–97.5 %) |",
        "|---|---|---|",
    ]
    for name, label in [
        ("roc_auc", "ROC-AUC"),
        ("accuracy", "accuracy"),
        ("sensitivity", "sensitivity"),
        ("specificity", "specificity"),
        ("brier", "Brier score"),
    ]:
        lines.append(
            f"| {label} | {_ci(m[name])} | {m[name]['fold_range95'][0]:.3f}–{m[name]['fold_range95'][1]:.3f} |"
        )
    lines += [
        "",
        f"Bar for this test: ROC-AUC ≥ {ev['bar']['roc_auc']} — {'met' if ev['bar']['met'] else 'NOT met'}. "
        f"Intervals: {ev['ci_method']}",
        "",
        f"**Threshold** {th['value']:.4f} (flag when probability ≥ threshold): {th['rationale']} "
        f"Accuracy, sensitivity and specificity above are at each fold's own threshold "
        f"(range {th['cv_thresholds']['min']:.3f}–{th['cv_thresholds']['max']:.3f}).",
        "",
        "Other operating points (CV, each fold's own threshold):",
        "",
        "| rule | threshold on all rows | accuracy | sensitivity | specificity |",
        "|---|---|---|---|---|",
        *[
            f"| {_rule(o['rule'])} | {o['value_on_all_rows']:.4f} | {_ci(o['accuracy'])} | {_ci(o['sensitivity'])} | "
            f"{_ci(o['specificity'])} |"
            for o in th["other_operating_points"]
        ],
        "",
        "## Calibration",
        "",
        f"Calibration slope {cal['slope']:.3f} (ideal 1), intercept {cal['intercept']:+.3f} (ideal 0), Brier "
        f"{cal['brier']:.4f}; {cal['method']}.",
        "",
        "| decile | n | mean predicted | observed |",
        "|---|---|---|---|",
    ]
    for d in cal["deciles"]:
        lines.append(f"| {d['decile']} | {d['n']} | {d['mean_predicted']:.3f} | {d['observed']:.3f} |")
    rc = card["model"].get("recalibration")
    if rc:
        raw = rc["cv_calibration_without"]
        lines += [
            "",
            f"**Recalibrated.** {rc['why']} Without it: Brier {rc['cv_brier_without']['mean']:.4f}, "
            f"slope {raw['slope']:.3f}; deciles (mean predicted / observed) "
            + ", ".join(f"{d['mean_predicted']:.3f}/{d['observed']:.3f}" for d in raw["deciles"])
            + ". "
            f"Method: {rc['method']}.",
        ]
    lines += [
        "",
        "## Model choice",
        "",
        card["model"]["choice_reason"],
        "",
        "| candidate | family | ROC-AUC [95 % CI] | Brier | AUC − served |",
        "|---|---|---|---|---|",
    ]
    for r in card["model"]["comparison"]:
        diff = (
            "–"
            if r["auc_minus_chosen"] is None
            else (
                f"{r['auc_minus_chosen']['mean']:+.4f} [{r['auc_minus_chosen']['ci95'][0]:+.4f}, "
                f"{r['auc_minus_chosen']['ci95'][1]:+.4f}]"
            )
        )
        lines.append(
            f"| **{r['name']}**: {r['description']} | {r['family']} | {_ci(r['roc_auc'])} | "
            f"{r['brier']['mean']:.4f} | {diff} |"
        )
    lines += [
        "",
        card["model"]["selection_note"],
        "",
        "## Inputs",
        "",
        f"ONNX input `{card['onnx']['input']['name']}`: float32 [N, {len(card['features'])}] in this order. "
        "Range = the form's validation range; training range = what the data set holds.",
        "",
        "| # | key | label | unit / codes | range | training range | encoding |",
        "|---|---|---|---|---|---|---|",
    ]
    for f in card["features"]:
        codes = ", ".join(f"{c['code']} = {c['label']}" for c in f["codes"]) if f["codes"] else (f["unit"] or "")
        lines.append(
            f"| {f['index']} | `{f['key']}` | {f['label']} | {codes} | {_num(f['min'])}–{_num(f['max'])} "
            f"({f['type']}) | {_num(f['training_range'][0])}–{_num(f['training_range'][1])} | "
            f"{f['encoding']}{' — ' + f['note'] if f.get('note') else ''} |"
        )
    lines += [
        "",
        "## Outputs and explanations",
        "",
        "`probability` [N,1], `logit` [N,1] and `contributions` [N,F] (one column per input, same order). "
        f"{card['onnx']['formula']} Bias = {card['onnx']['bias']:.6f}. A contribution is the field's push on "
        "the log-odds relative to the average patient of the data set: positive raises the risk, negative "
        "lowers it, and they add up exactly.",
        "",
        "## Data",
        "",
        f"{ds['name']} — `{ds['file']}` (read from {ds['read_from']}). Licence: {ds['licence']}. "
        f"Cite: {ds['citation']} Copy: {ds['origin']}.",
        "",
        f"Target: {ds['target']}. Rows: read {ds['rows']['read']}, used {ds['rows']['kept']} "
        f"({ds['positives']} positive, {ds['negatives']} negative, prevalence {ds['prevalence']:.1%}).",
    ]
    for k, v in ds["rows"].items():
        if k in ("read", "kept") or not v:
            continue
        detail = ", ".join(f"{a}: {b}" for a, b in v.items()) if isinstance(v, dict) else v
        lines.append(f"- {k}: {detail}")
    lines += ["", "Preprocessing:", ""] + [f"- {p}" for p in card["preprocessing"]]
    ex = card.get("explanations")
    if ex:
        lines += [
            "",
            "## Explanations shown to patients",
            "",
            ex["rule"],
            "",
            "| answer | expected | this model | not shown as a reason |",
            "|---|---|---|---|",
        ]
        for e in ex["features"]:
            expected = (
                e["expected"]
                if isinstance(e["expected"], str) or e["expected"] is None
                else ", ".join(f"{k} {v}" for k, v in e["expected"].items())
            )
            lines.append(
                f"| {e['key']} | {expected or '–'} | {e['model']} | {'; '.join(e['not_shown_as_reason']) or '–'} |"
            )
    shown = card.get("shown_figure")
    if shown:
        lines += [
            "",
            "## How the result shows this model's figure",
            "",
            f"Training-set prevalence: {shown['training_prevalence']:.1%}, far above any population's, so the "
            "raw probability is not a person's chance.",
            "",
            shown["how"],
        ]
    lines += ["", "## Limitations", ""] + [f"- {x}" for x in card["limitations"]]
    lines += [
        "",
        "## Golden records",
        "",
        f"{len(card['golden'])} fixed inputs with the probability and contributions this training run computed "
        "(in `card.json` → `golden`); the server's golden test compares its ONNX output against them.",
        "",
    ]
    for g in card["golden"]:
        lines.append(f"- {g['source']}: probability {g['probability']:.4f}")
    return "\n".join(lines) + "\n"
