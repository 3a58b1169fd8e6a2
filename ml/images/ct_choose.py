"""Decision 022: chest-CT preprocessing recipes compared on validation and the choosing half of the test split.

    # one network (seed SEED+MEMBER) into ml/.cache
    ML_THREADS=1 /usr/bin/python3 ml/images/ct_choose.py train NAME [MEMBER]
    # figures on validation + the choosing half
    ML_THREADS=1 /usr/bin/python3 ml/images/ct_choose.py score NAME

Only the choosing half's pixels are read: the reporting half (decision 016) is never loaded here. The figures are the
ones decision 022's rule compares: accuracy on the choosing part (validation + the choosing half) after per-class
offsets on the log-probabilities fitted there (the same grid as server/bench/image-triage.ts), the specificity at
the threshold that flags 95 % of the choosing part's cancers, and cancer-vs-normal ROC-AUC.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
import training as T  # noqa: E402
from tasks import TASKS  # noqa: E402
from metrics import roc_auc  # noqa: E402


def candidates() -> dict[str, T.Task]:
    """Decision 022's recipes: the served recipe (de-confounding augmentation, 128 px) at 40 epochs, one network, with
    per-image normalisation ('norm'), and with per-image normalisation after cropping to the body's box ('crop'; the
    aspect re-stretching is left out there, since the crop stretches the body to the square whatever its shape)."""
    served = replace(TASKS["chest_ct"], members=1, epochs=40)  # 40, not 80: a 2-core machine shared with other work
    no_aspect = {k: v for k, v in served.aug.items() if k != "deconfound_aspect"}
    return {
        "norm": replace(served, per_image_norm=True),
        "crop": replace(served, per_image_norm=True, body_crop=True, aug=no_aspect),
        # second round (decision 022): the crop without per-image normalisation, two networks
        "crop_raw": replace(served, body_crop=True, aug=no_aspect, members=2),
    }


def choosing_half(test: list[D.Item]) -> list[D.Item]:
    """Decision 016 (server/bench/image-splits.ts ctTestHalves): byte-identical files grouped, a group keyed by its
    smallest '<class>/<file>', and put in the choosing half when SHA-256('medibuddy-ct-test-half-v1:' + key) < 0.5."""
    digests = [hashlib.sha1(i.path.read_bytes()).hexdigest() for i in test]
    key_of: dict[str, str] = {}
    for item, digest in zip(test, digests):
        key = f"{D.CT_CLASSES[item.label]}/{item.path.name}"
        if digest not in key_of or key < key_of[digest]:
            key_of[digest] = key

    def bucket(key: str) -> float:
        return int(hashlib.sha256(f"medibuddy-ct-test-half-v1:{key}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF

    return [i for i, d in zip(test, digests) if bucket(key_of[d]) < 0.5]


def offsets_for(probs: np.ndarray, y: np.ndarray) -> np.ndarray:
    """image-triage.ts offsetsFor: offsets -2..2 in steps of 0.25 on the three cancers' log-probabilities (normal 0),
    the best accuracy, ties to the smallest total shift (first found in the same loop order)."""
    logp = np.log(np.maximum(probs, 1e-12))
    steps = [-2 + i * 0.25 for i in range(17)]
    best = (-1, np.inf, np.zeros(4))
    for a, b, c in itertools.product(steps, steps, steps):
        off = np.array([a, b, c, 0.0])
        right = int(np.sum((logp + off).argmax(1) == y))
        size = abs(a) + abs(b) + abs(c)
        if right > best[0] or (right == best[0] and size < best[1]):
            best = (right, size, off)
    return best[2]


def shifted(probs: np.ndarray, off: np.ndarray) -> np.ndarray:
    z = np.log(np.maximum(probs, 1e-12)) + off
    e = np.exp(z - z.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def figures(probs: np.ndarray, y: np.ndarray, n_val: int) -> dict:
    off = offsets_for(probs, y)
    p = shifted(probs, off)
    cancer = y != 3
    refer = p[:, :3].sum(1)
    ordered = np.sort(refer[cancer])[::-1]
    threshold = np.floor(ordered[int(np.ceil(0.95 * cancer.sum())) - 1] * 1e4) / 1e4
    acc = lambda q, m: round(float(np.mean(q[m].argmax(1) == y[m])), 4)  # noqa: E731
    half = np.arange(len(y)) >= n_val
    return {
        "choosing_part_accuracy_with_offsets": acc(p, np.ones(len(y), bool)),
        "offsets": off.tolist(),
        "choosing_half_accuracy_with_offsets": acc(p, half),
        "choosing_half_accuracy_as_trained": acc(probs, half),
        "validation_accuracy_as_trained": acc(probs, ~half),
        "refer_threshold": float(threshold),
        "specificity_at_threshold": round(float(np.mean(refer[~cancer] < threshold)), 4),
        "cancer_vs_normal_auc": round(roc_auc(refer, cancer), 4),
    }


def parts_for(task: T.Task) -> dict:
    """Train and validation as train.py loads them (copies of test images left out), and the choosing half."""
    items = T.official_parts(task.id, task.classes)
    half = choosing_half(items["test"])
    return {
        name: (D.load(its, task.size), np.array([i.label for i in its]), its)
        for name, its in (("train", items["train"]), ("val", items["val"]), ("choosing", half))
    }


def main() -> None:
    action, name = sys.argv[1], sys.argv[2]
    torch.set_num_threads(T.THREADS)
    task = candidates()[name]
    parts = parts_for(task)
    if action == "train":
        T.member(task, int(sys.argv[3]) if len(sys.argv) > 3 else 0, parts, task.epochs)
        return
    trained = [T.member(task, i, parts, task.epochs) for i in range(task.members)]
    x = torch.cat([parts["val"][0], parts["choosing"][0]])
    y = np.concatenate([parts["val"][1], parts["choosing"][1]])
    views = T.stress_views(parts)
    # network 0 alone, and (for a two-network candidate) the pair averaged as the exported graph does
    for label, models in [("network 0", [trained[0][0]])] + (
        [("pair", [m for m, _ in trained])] if len(trained) > 1 else []
    ):
        net = T.served(models, task)
        result = {
            "candidate": name,
            "models": label,
            "seed": T.SEED,
            "threads": T.THREADS,
            "train_seconds": [round(sum(r["seconds"] for r in h), 1) for _, h in trained[: len(models)]],
            "shifted_val_acc": T.stress_accuracy(net, views, parts["val"][1]),
            **figures(T.predict(net, x), y, len(parts["val"][1])),
        }
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
