"""Linear heads on the pretrained backbone's pooled features, and validation that near-copies cannot inflate.

Near-copies: pictures whose 32 x 32 grey thumbnails correlate above NEAR_COPY (0.98) are put in one group, joined with
the data set's own groups (a fundus patient's two eyes, byte-identical files). Cross-validation keeps every group in
one fold (StratifiedGroupKFold), so a fold never scores a picture whose near-copy it trained on. A pixel baseline (a
logistic regression on the same thumbnails) is scored under the same folds and under random folds, to show how much a
random split would flatter a model.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedGroupKFold, StratifiedKFold
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402

NEAR_COPY = 0.98
THUMB = 32


def thumbnails(rels: list[str]) -> np.ndarray:
    """[N, 32*32] grey thumbnails, each standardised (zero mean, unit length), so a dot product is a correlation."""
    out = np.empty((len(rels), THUMB * THUMB), dtype=np.float32)
    for i, rel in enumerate(rels):
        grey = np.asarray(
            Image.open(D.data_dir() / rel).convert("L").resize((THUMB, THUMB), Image.BILINEAR), np.float32
        )
        v = grey.reshape(-1) - grey.mean()
        out[i] = v / (np.linalg.norm(v) + 1e-6)
    return out


def near_copy_groups(thumbs: np.ndarray, base: list[str]) -> tuple[np.ndarray, int]:
    """Group ids joining `base` groups and near-copies (union-find); also the number of near-copy pairs found."""
    parent = list(range(len(base)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    first: dict[str, int] = {}
    for i, g in enumerate(base):
        union(i, first.setdefault(g, i))
    pairs = 0
    for at in range(0, len(thumbs), 512):
        corr = thumbs[at : at + 512] @ thumbs.T
        for a, b in zip(*np.nonzero(corr > NEAR_COPY)):
            if at + a < b:
                union(at + a, b)
                pairs += 1
    return np.array([find(i) for i in range(len(base))]), pairs


def copies_of(thumbs: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Which rows of `thumbs` are near-copies of any row of `others`."""
    return (thumbs @ others.T).max(axis=1) > NEAR_COPY if len(others) else np.zeros(len(thumbs), bool)


def fit(
    x: np.ndarray, y: np.ndarray, c: float, balanced: bool, seed: int = 0
) -> tuple[StandardScaler, LogisticRegression]:
    scaler = StandardScaler().fit(x)
    model = LogisticRegression(C=c, max_iter=3000, class_weight="balanced" if balanced else None, random_state=seed)
    model.fit(scaler.transform(x), y)
    return scaler, model


def predict(head: tuple[StandardScaler, LogisticRegression], x: np.ndarray) -> np.ndarray:
    scaler, model = head
    return model.predict_proba(scaler.transform(x))


def folds(y: np.ndarray, groups: np.ndarray | None, k: int, seed: int):
    if groups is None:
        return StratifiedKFold(k, shuffle=True, random_state=seed).split(np.zeros(len(y)), y)
    return StratifiedGroupKFold(k, shuffle=True, random_state=seed).split(np.zeros(len(y)), y, groups)


def out_of_fold(
    x: np.ndarray, y: np.ndarray, groups: np.ndarray | None, c: float, balanced: bool, k: int = 5, seed: int = 0
) -> np.ndarray:
    probs = np.zeros((len(y), int(y.max()) + 1))
    for train, held in folds(y, groups, k, seed):
        probs[held] = predict(fit(x[train], y[train], c, balanced, seed), x[held])
    return probs


def balanced_accuracy(y: np.ndarray, pred: np.ndarray) -> float:
    return float(np.mean([np.mean(pred[y == c] == c) for c in np.unique(y)]))


def ct_test_halves(rels: list[str]) -> np.ndarray:
    """Decision 016's halves of the chest-CT test split: True = the choosing half. Byte-identical files form a group,
    keyed by its smallest '<class>/<file>'; u = first 8 hex digits of SHA-256('medibuddy-ct-test-half-v1:' + key)."""
    import hashlib

    by_hash: dict[str, list[int]] = {}
    for i, rel in enumerate(rels):
        by_hash.setdefault(hashlib.sha1((D.data_dir() / rel).read_bytes()).hexdigest(), []).append(i)
    choosing = np.zeros(len(rels), bool)
    for members in by_hash.values():
        key = min("/".join(rels[i].split("/")[-2:]) for i in members)
        u = int(hashlib.sha256(f"medibuddy-ct-test-half-v1:{key}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
        choosing[members] = u < 0.5
    return choosing
