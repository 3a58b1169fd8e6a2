"""Train, evaluate and export the image models (see ml/images/README.md).

    /usr/bin/python3 ml/images/train.py <fundus|chest_ct|skin|image_gate|all> [--quick] [--out DIR]

Writes <out>/<model>/{model.onnx, card.json, CARD.md, golden/*.png} (default out: server/models). Fixed seeds; on
the same machine and thread count a run reproduces its numbers. The test parts are never used for training or for
choosing anything: epochs, sizes and augmentation were fixed on the validation parts.

This file runs a task and writes its card; the recipes are in tasks.py, the training loop and data parts in
training.py, the export and the card's measurements in reports.py.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import platform
import shutil
import sys
import time
from dataclasses import replace
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
from card import write_card_md  # noqa: E402
from metrics import evaluate  # noqa: E402
from reports import export, fundus_confound, gate_report, golden_picks, write_goldens  # noqa: E402
from tasks import SEED, TASKS, THREADS, Task  # noqa: E402
from training import (  # noqa: E402
    DROPPED,
    STRESS,
    accuracy,
    cross_validate,
    gate_parts,
    load_parts,
    member,
    predict,
    score_candidate,
    served,
    stress_accuracy,
    stress_views,
)


def run(task: Task, out_root: Path, quick: bool) -> dict:
    torch.set_num_threads(THREADS)
    started = time.time()
    epochs = 1 if quick else task.epochs
    print(f"[{task.id}] loading at {task.size}px", flush=True)
    if task.id == "image_gate":
        parts = gate_parts(task)
        names = {s: parts[s][2] for s in parts}
    else:
        parts = load_parts(task)
        names = {s: [i.rel for i in parts[s][2]] for s in parts}
    x_train = parts["train"][0]
    x_val, y_val = parts["val"][0], parts["val"][1]
    x_test, y_test = parts["test"][0], parts["test"][1]
    print(f"[{task.id}] train {len(x_train)} val {len(x_val)} test {len(x_test)}; {epochs} epochs", flush=True)
    trained = [member(task, i, parts, epochs) for i in range(task.members)]
    models, history = [m for m, _ in trained], trained[0][1]
    members = [
        {"seed": SEED + i, "val_acc_served": accuracy(served([m], task), x_val, y_val), "history": h}
        for i, (m, h) in enumerate(trained)
    ]
    ensemble_val = accuracy(served(models, task), x_val, y_val) if len(models) > 1 else None
    print(
        f"[{task.id}] validation accuracy by member {[m['val_acc_served'] for m in members]}, ensemble {ensemble_val}",
        flush=True,
    )
    stress = None
    if task.shift_check:
        views = stress_views(parts)
        stress = {
            "members": [stress_accuracy(served([m], task), views, y_val) for m in models],
            "served": stress_accuracy(served(models, task), views, y_val),
            "settings": STRESS,
        }
        print(f"[{task.id}] validation accuracy under source-like shifts: {stress}", flush=True)
    model = models[0]
    probs = predict(served(models, task), x_test)
    evaluation = evaluate(y_test, probs, task.classes)
    evaluation["test_set"] = task.dataset.get("split")
    extra = {}
    if task.id == "fundus":
        extra["confound"] = fundus_confound(parts, probs)
    if task.id == "image_gate":
        extra["gate"] = gate_report(model, task, parts, probs)
    folder = out_root / task.id
    tmp = out_root / f".{task.id}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    export(models, task, tmp / "model.onnx", with_cam=task.id != "image_gate")
    picks = golden_picks(y_test)
    goldens = write_goldens(served(models, task), x_test, names["test"], picks, tmp / "golden")
    digest = hashlib.sha256((tmp / "model.onnx").read_bytes()).hexdigest()[:10]
    card = {
        "id": task.id,
        "version": f"{task.id}-cnn-{digest}",
        "title": task.title,
        "kind": "image",
        "reproduce": f"ML_THREADS={THREADS} /usr/bin/python3 ml/images/train.py {task.id}",
        "quick_placeholder": quick,
        "classes": [{"key": k, "label": lbl} for k, lbl in zip(task.classes, task.labels)],
        "input": {
            "name": "image",
            "size": task.size,
            "layout": "NCHW",
            "channels": "RGB",
            "range": [0, 1],
            "resize": "fill, bilinear",
        },
        "outputs": {
            "probabilities": "probabilities",
            "cam": None if task.id == "image_gate" else "cam",
            "cam_size": None if task.id == "image_gate" else task.size // 16,
        },
        "architecture": {
            "name": "small residual CNN (5 stages, widths "
            + ", ".join(map(str, task.widths))
            + "), global average pooling, linear head; class activation maps from the head's weights",
            "parameters": int(sum(p.numel() for m in models for p in m.parameters())),
            "ensemble_members": len(models),
            "pretrained": "none: trained from scratch on the training part only",
        },
        "training": {
            "seed": SEED,
            "members": [{k: v for k, v in m.items() if k != "history"} for m in members] if len(members) > 1 else None,
            "ensemble_val_acc": ensemble_val,
            "shifted_val_acc": stress,
            "epochs": epochs,
            "member_train_seconds": [round(sum(r["seconds"] for r in h), 1) for _, h in trained],
            "batch": task.batch,
            "optimizer": "AdamW",
            "lr_schedule": "one-cycle",
            "max_lr": task.lr,
            "weight_decay": task.weight_decay,
            "label_smoothing": task.label_smoothing,
            "class_balanced_sampling": task.balanced,
            "per_image_normalisation": task.per_image_norm,
            "body_crop": task.body_crop,
            "test_time_flips": task.tta_views,
            "model_selection_note": task.history_note or None,
            "augmentation": task.aug,
            "n_train": len(x_train),
            "n_val": len(x_val),
            "history": history,
            "seconds": round(time.time() - started, 1),
            "threads": THREADS,
            "torch": torch.__version__,
            "machine": platform.machine(),
            "device": "cpu",
        },
        "dataset": {
            **task.dataset,
            "read_from": "ML_DATA_DIR (default ../shared/datasets from the repo root), images/",
            "left_out_as_copies_of_test_images": DROPPED.get(task.id, []),
        },
        "evaluation": evaluation,
        **extra,
        "golden": goldens,
    }
    (tmp / "card.json").write_text(json.dumps(card, indent=2) + "\n")
    write_card_md(card, tmp / "CARD.md")
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    print(
        f"[{task.id}] test accuracy {evaluation['accuracy']:.3f} balanced {evaluation['balanced_accuracy']:.3f} "
        f"macro AUC {evaluation['macro_roc_auc']:.3f} in {time.time() - started:.0f} s -> {folder}",
        flush=True,
    )
    return card


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("model", choices=[*TASKS, "all"])
    parser.add_argument(
        "--quick", action="store_true", help="one epoch: a placeholder with the right contract, not a model"
    )
    parser.add_argument("--out", default=str(D.REPO / "server" / "models"))
    parser.add_argument(
        "--cv", type=int, default=0, help="k-fold cross-validation on train+validation only (no export, no test)"
    )
    parser.add_argument(
        "--size", type=int, default=0, help="input size instead of the task's (for comparisons with --cv)"
    )
    parser.add_argument(
        "--member",
        type=int,
        default=-1,
        help="train one ensemble member into ml/.cache only (members can train in parallel processes)",
    )
    parser.add_argument(
        "--candidate",
        choices=["base", "dc128", "dc160"],
        help="chest_ct: score one of decision 015's candidates on plain and shifted validation (with --member, "
        "default 0)",
    )
    args = parser.parse_args()
    if args.candidate:
        if args.model != "chest_ct":
            parser.error("--candidate compares chest_ct recipes (decision 015): use train.py chest_ct --candidate NAME")
        score_candidate(args.candidate, max(args.member, 0))
        return
    for name in TASKS if args.model == "all" else [args.model]:
        task = TASKS[name] if not args.size else replace(TASKS[name], size=args.size)
        if args.cv:
            cross_validate(task, args.cv)
        elif args.member >= 0:
            torch.set_num_threads(THREADS)
            member(task, args.member, load_parts(task), task.epochs)
        else:
            run(task, Path(args.out), args.quick)


if __name__ == "__main__":
    main()
