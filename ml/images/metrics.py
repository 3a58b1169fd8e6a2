"""Multi-class evaluation: accuracy and balanced accuracy with bootstrap intervals, per-class sensitivity,
specificity and one-vs-rest ROC-AUC, the confusion matrix and top-class calibration."""
from __future__ import annotations

import numpy as np


def roc_auc(scores: np.ndarray, positive: np.ndarray) -> float | None:
    """Mann-Whitney estimate with ties counted half; None when a class is absent."""
    pos, neg = scores[positive], scores[~positive]
    if len(pos) == 0 or len(neg) == 0:
        return None
    order = np.argsort(np.concatenate([pos, neg]), kind="mergesort")
    ranks = np.empty(len(order))
    values = np.concatenate([pos, neg])[order]
    i = 0
    while i < len(values):  # average ranks over ties
        j = i
        while j + 1 < len(values) and values[j + 1] == values[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return float((ranks[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def balanced_accuracy(y: np.ndarray, pred: np.ndarray, classes: int) -> float:
    recalls = [np.mean(pred[y == c] == c) for c in range(classes) if np.any(y == c)]
    return float(np.mean(recalls))


def evaluate(y: np.ndarray, probs: np.ndarray, labels: list[str], seed: int = 0, boot: int = 1000) -> dict:
    n, k = probs.shape
    pred = probs.argmax(1)
    rng = np.random.default_rng(seed)
    accs, baccs = [], []
    for _ in range(boot):
        idx = rng.integers(0, n, n)
        accs.append(np.mean(pred[idx] == y[idx]))
        baccs.append(balanced_accuracy(y[idx], pred[idx], k))
    per_class = {}
    for c, name in enumerate(labels):
        actual, called = y == c, pred == c
        per_class[name] = {
            "n": int(actual.sum()),
            "sensitivity": float(np.mean(called[actual])) if actual.any() else None,
            "specificity": float(np.mean(~called[~actual])) if (~actual).any() else None,
            "roc_auc": roc_auc(probs[:, c], actual),
        }
    confusion = np.zeros((k, k), dtype=int)
    for t, p in zip(y, pred):
        confusion[t, p] += 1
    confidence = probs.max(1)
    bins = []
    edges = np.linspace(0, 1, 11)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        inside = (confidence > lo) & (confidence <= hi)
        if inside.any():
            conf, acc = float(confidence[inside].mean()), float(np.mean(pred[inside] == y[inside]))
            ece += inside.mean() * abs(conf - acc)
            bins.append(
                {
                    "range": [round(lo, 1), round(hi, 1)],
                    "n": int(inside.sum()),
                    "mean_confidence": round(conf, 4),
                    "accuracy": round(acc, 4),
                }
            )
    aucs = [v["roc_auc"] for v in per_class.values() if v["roc_auc"] is not None]
    return {
        "n_test": int(n),
        "accuracy": float(np.mean(pred == y)),
        "accuracy_ci95": [float(np.percentile(accs, 2.5)), float(np.percentile(accs, 97.5))],
        "balanced_accuracy": balanced_accuracy(y, pred, k),
        "balanced_accuracy_ci95": [float(np.percentile(baccs, 2.5)), float(np.percentile(baccs, 97.5))],
        "macro_roc_auc": float(np.mean(aucs)) if aucs else None,
        "per_class": per_class,
        "confusion_matrix": {
            "labels": labels,
            "rows_are": "true class",
            "columns_are": "predicted class",
            "rows": confusion.tolist(),
        },
        "calibration": {"expected_calibration_error": round(float(ece), 4), "top_class_bins": bins},
    }
