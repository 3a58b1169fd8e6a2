"""The CARD.md of an image model trained by train_pretrained.py, written from its card.json."""
from __future__ import annotations

import json
from pathlib import Path


def write_card_md(card: dict, path: Path) -> None:
    e, v, t = card["evaluation"], card["validation"], card["training"]
    lines = [
        f"# {card['title']}",
        "",
        f"Version `{card['version']}` (generated from card.json; do not edit).",
        "",
        "## Model",
        "",
        card["architecture"]["name"] + ".",
        "",
        "Pretrained weights: " + "; ".join(f"{k}: {v_}" for k, v_ in card["architecture"]["pretrained"].items()) + ".",
        "",
        f"Head: {t['head']}. Chosen: {json.dumps(t['chosen'])}.",
        "",
        "Rule: " + t["rule"],
        "",
        "## Validation that near-copies cannot inflate",
        "",
        v["near_copies"] + ".",
        "",
        f"Cross-validation of the chosen head: accuracy {v['cross_validation']['accuracy']:.3f}, balanced "
        f"{v['cross_validation']['balanced_accuracy']:.3f}. A logistic regression on 32 x 32 grey pixels: "
        f"{v['pixel_baseline']['random_folds']:.3f} under random folds, "
        f"{v['pixel_baseline']['near_copies_kept_together']:.3f} "
        "with near-copies kept together.",
        "",
        "## Test",
        "",
        f"{e['test_set']}, scored once ({e['n_test']} pictures): accuracy {e['accuracy']:.3f} "
        f"({e['accuracy_ci95'][0]:.3f}-{e['accuracy_ci95'][1]:.3f}), balanced accuracy {e['balanced_accuracy']:.3f}.",
        "",
        "| class | n | sensitivity | specificity | ROC AUC |",
        "|---|---|---|---|---|",
    ]
    for name, m in e["per_class"].items():
        f = lambda x: "–" if x is None else f"{x:.3f}"  # noqa: E731
        lines.append(f"| {name} | {m['n']} | {f(m['sensitivity'])} | {f(m['specificity'])} | {f(m['roc_auc'])} |")
    ch = card["triage_choice"]
    lines += [
        "",
        "## Triage",
        "",
        f"Chosen on {ch['chosenOn']}: refer threshold {ch['referThreshold']}, "
        f"confidence floor {ch['confidenceFloor']}, class thresholds {json.dumps(ch['classThresholds'])}; "
        f"there, {ch['sensitivity'][0]} of {ch['sensitivity'][1]} refer pictures flagged and "
        f"{ch['specificity'][0]} of {ch['specificity'][1]} others left unflagged.",
        "",
        "Not for clinical use: research data sets, licences partly unverified (see dataset in card.json).",
        "",
    ]
    path.write_text("\n".join(lines))
