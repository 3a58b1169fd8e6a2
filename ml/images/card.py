"""CARD.md: the image model card as a readable page (generated from card.json; do not edit by hand)."""
from __future__ import annotations

import json
from pathlib import Path


def _f(v) -> str:
    return "-" if v is None else f"{v:.3f}" if isinstance(v, float) else str(v)


def _training_seconds(t: dict) -> float:
    """Training time of every member (read back from ml/.cache or not), or the run's own time for one network."""
    return round(sum(t["member_train_seconds"]), 1) if t.get("member_train_seconds") else t["seconds"]


def _members(t: dict) -> list[str]:
    members = t.get("members")
    if not members:
        return []
    return [
        f"- An average of {len(members)} such networks, trained alike from seeds "
        f"{', '.join(str(m['seed']) for m in members)}; validation accuracy alone "
        f"{', '.join(_f(m['val_acc_served']) for m in members)}, together {_f(t.get('ensemble_val_acc'))}."
    ]


def write_card_md(card: dict, path: Path) -> None:
    e = card["evaluation"]
    lines = [
        f"# {card['title']}",
        "",
        f"Version `{card['version']}`. Reproduce: `{card['reproduce']}`. Generated from card.json; do not edit.",
        "",
    ]
    if card.get("quick_placeholder"):
        lines += ["**Placeholder: trained for one epoch only, to exercise the serving code. Not a model.**", ""]
    lines += [
        "## Data",
        f"- {card['dataset']['name']}",
        f"- Licence: {card['dataset'].get('licence', 'see the data sets’ SOURCES.md')}",
        f"- Split: {card['dataset']['split']}",
        f"- Training images: {card['training']['n_train']}, validation: {card['training']['n_val']}, test: "
        f"{e['n_test']}",
        "",
        "## Model",
        f"- {card['architecture']['name']}; {card['architecture']['parameters']:,} parameters; "
        f"{card['architecture']['pretrained']}.",
        f"- Input {card['input']['size']}×{card['input']['size']} RGB, resized ignoring aspect ratio; "
        f"{card['training']['epochs']} epochs, "
        f"seed {card['training']['seed']}, {_training_seconds(card['training'])} s on {card['training']['threads']} "
        "CPU threads.",
        *_members(card["training"]),
        "",
        "## Results on the held-out test part (never trained or tuned on)",
        f"- Accuracy **{_f(e['accuracy'])}** (95 % bootstrap {_f(e['accuracy_ci95'][0])}–{_f(e['accuracy_ci95'][1])})",
        f"- Balanced accuracy **{_f(e['balanced_accuracy'])}** "
        f"({_f(e['balanced_accuracy_ci95'][0])}–{_f(e['balanced_accuracy_ci95'][1])})",
        f"- Macro one-vs-rest ROC-AUC {_f(e['macro_roc_auc'])}; expected calibration error "
        f"{_f(e['calibration']['expected_calibration_error'])}",
        "",
        "| class | n | sensitivity | specificity | ROC-AUC |",
        "|---|---|---|---|---|",
    ]
    for name, m in e["per_class"].items():
        lines.append(f"| {name} | {m['n']} | {_f(m['sensitivity'])} | {_f(m['specificity'])} | {_f(m['roc_auc'])} |")
    cm = e["confusion_matrix"]
    lines += [
        "",
        "Confusion matrix (rows: true class, columns: predicted):",
        "",
        "| | " + " | ".join(cm["labels"]) + " |",
        "|---" * (len(cm["labels"]) + 1) + "|",
    ]
    for label, row in zip(cm["labels"], cm["rows"]):
        lines.append(f"| {label} | " + " | ".join(map(str, row)) + " |")
    lines += [
        "",
        "Calibration (top-class confidence vs accuracy):",
        "",
        "| confidence | n | mean confidence | accuracy |",
        "|---|---|---|---|",
    ]
    for b in e["calibration"]["top_class_bins"]:
        lines.append(f"| {b['range'][0]}–{b['range'][1]} | {b['n']} | {b['mean_confidence']} | {b['accuracy']} |")
    if "confound" in card:
        c = card["confound"]
        lines += [
            "",
            "## Known confound: classes from different cameras",
            "",
            c["reading"],
            "",
            f"- A logistic regression on colour and brightness statistics alone ({c['colour_statistics_probe']}) "
            f"reaches **{_f(c['colour_statistics_probe_accuracy'])}** test accuracy.",
            f"- CNN accuracy on glaucoma and normal rows only: {_f(c['cnn_accuracy_glaucoma_vs_normal_rows'])}.",
            "",
            "| file-name source | n | classes | CNN accuracy |",
            "|---|---|---|---|",
        ]
        for source, s in c["cnn_accuracy_by_file_name_source"].items():
            lines.append(f"| {source} | {s['n']} | {json.dumps(s['classes'])} | {_f(s['cnn_accuracy'])} |")
    if "gate" in card and "held_out" in card["gate"]:
        g = card["gate"]
        lines += [
            "",
            "## Gate on held-out images",
            "",
            f"Refused unless P(expected kind) ≥ {g['accept_threshold']}; images with mean luminance < "
            f"{g['min_mean_luminance']} or spread < {g['min_std']} are refused before the model.",
            "",
            "| test kind | own test images accepted | refused: " + " / ".join(["other kinds"]) + " |",
            "|---|---|---|",
        ]
        for kind, v in g["held_out"].items():
            if kind == "natural_photographs":
                continue
            refused = ", ".join(f"{k} {_f(x)}" for k, x in v["refused_share_by_other_kind"].items())
            lines.append(f"| {kind} | {_f(v['own_test_images_accepted'])} (n={v['n_own']}) | {refused} |")
        n = g["held_out"]["natural_photographs"]
        lines += [
            "",
            f"Natural photographs (scikit-learn sample images and crops, n={n['n']}): refused by every test "
            f"{_f(n['refused_by_every_test'])}.",
        ]
    if card["training"].get("model_selection_note"):
        lines += ["", "## How this model was chosen", "", card["training"]["model_selection_note"]]
    lines += [
        "",
        "## Limits",
        "- Trained from scratch on a few thousand public research images; not a medical device; "
        "the test sets are small, so the intervals above are wide.",
        "",
    ]
    path.write_text("\n".join(lines))
