"""The pieces of train_pretrained.py's runs: the served graph, the head folded into one linear map, the parts a task's
pictures are split into, out-of-fold predictions, and how thresholds and the triage choice are picked."""
from __future__ import annotations

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import data as D
import features as Fe
import heads as H
from backbone import backbone
from pretrained_specs import SEED, TRIAGE, Spec


class Served(nn.Module):
    """What the ONNX file holds: [per-image normalisation], the backbone up to the chosen blocks, the pooled features'
    linear head (standardisation folded in), softmax, and each class's activation map (the head's weights over the
    blocks' maps, Zhou et al. 2016), ReLU'd and scaled to 0..1."""

    def __init__(self, blocks: tuple[str, ...], mode: str, weight: np.ndarray, bias: np.ndarray):
        super().__init__()
        self.net = backbone(*blocks)
        self.multi = len(blocks) > 1
        self.mode = mode
        self.register_buffer("weight", torch.from_numpy(weight.astype(np.float32)))
        self.register_buffer("bias", torch.from_numpy(bias.astype(np.float32)))

    def forward(self, image):
        x = Fe.PREPROCESS[self.mode](image)
        maps = self.net(x)
        f = torch.cat(maps, dim=1) if self.multi else maps
        logits = f.mean(dim=(2, 3)) @ self.weight.t() + self.bias
        cam = F.relu(torch.einsum("ck,nkhw->nchw", self.weight, f))
        return torch.softmax(logits, dim=1), cam / (cam.amax(dim=(2, 3), keepdim=True) + 1e-6)


def folded(head) -> tuple[np.ndarray, np.ndarray]:
    """The head as one linear map on raw pooled features: W' = W / sd, b' = b - W' . mean."""
    scaler, model = head
    w = model.coef_ / scaler.scale_
    return w, model.intercept_ - w @ scaler.mean_


def parts(spec: Spec, d: dict, thumbs: np.ndarray) -> dict:
    """Indices of the pool the head learns from, its cross-validation groups, the choosing part (chest CT: the
    choosing half, scored by cross-validation together with the pool) and the reported test part."""
    rel, y = list(d["rel"]), d["label"]
    if spec.id == "fundus":
        split = D.fundus_split(D.fundus_items())
        test_rel = {i.rel for i in split["test"]}
        is_test = np.array([r in test_rel for r in rel])
    else:
        is_test = np.array([r.split("/")[1] == "test" for r in rel])
    test = np.flatnonzero(is_test)
    pool = np.flatnonzero(~is_test)
    near_test = H.copies_of(thumbs[pool], thumbs[test])
    out = {"dropped_copies_of_test": int(near_test.sum())}
    pool = pool[~near_test]
    choosing = np.array([], dtype=int)
    if spec.id == "chest_ct":
        half = H.ct_test_halves([rel[i] for i in test])
        choosing, test = test[half], test[~half]
        near = H.copies_of(thumbs[choosing], thumbs[test])
        out["dropped_choosing_copies_of_reporting"] = int(near.sum())
        choosing = choosing[~near]
    base = [str(g) for g in d["group"]]
    groups, pairs = H.near_copy_groups(thumbs[pool], [base[i] for i in pool])
    cgroups, cpairs = (
        H.near_copy_groups(thumbs[choosing], [base[i] for i in choosing])
        if len(choosing)
        else (np.array([], dtype=int), 0)
    )
    out.update(
        pool=pool,
        groups=groups,
        choosing=choosing,
        choosing_groups=cgroups,
        test=test,
        near_copy_pairs=int(pairs + cpairs),
        y=y,
    )
    return out


def design(d: dict, blocks: tuple[str, ...]) -> np.ndarray:
    return np.hstack([d[b] for b in blocks])


def oof(x: np.ndarray, p: dict, c: float, balanced: bool) -> tuple[np.ndarray, np.ndarray]:
    """Out-of-fold probabilities. Without a choosing part: grouped 5-fold over the pool. With one (chest CT): grouped
    5-fold over the choosing half, each fold's head trained on the whole pool and the other choosing folds; returns
    (indices, probabilities)."""
    y = p["y"]
    if not len(p["choosing"]):
        return p["pool"], H.out_of_fold(x[p["pool"]], y[p["pool"]], p["groups"], c, balanced, seed=SEED % 1000)
    ch = p["choosing"]
    probs = np.zeros((len(ch), int(y.max()) + 1))
    for a, b in H.folds(y[ch], p["choosing_groups"], 5, SEED % 1000):
        train = np.concatenate([p["pool"], ch[a]])
        probs[b] = H.predict(H.fit(x[train], y[train], c, balanced), x[ch[b]])
    return ch, probs


def score(spec: Spec, y: np.ndarray, probs: np.ndarray) -> float:
    pred = probs.argmax(1)
    return H.balanced_accuracy(y, pred) if spec.criterion == "balanced_accuracy" else float(np.mean(pred == y))


def threshold_for(scores: np.ndarray, target: float) -> float:
    """The highest threshold that still flags `target` of these scores (as server/bench/image-triage.ts)."""
    s = np.sort(scores)[::-1]
    return float(np.floor(s[int(np.ceil(target * len(s))) - 1] * 1e4) / 1e4)


def floor_for(y: np.ndarray, probs: np.ndarray, accuracy: float) -> float:
    for f in np.arange(0.5, 0.951, 0.05):
        above = probs.max(1) >= f
        if above.any() and np.mean(probs[above].argmax(1) == y[above]) >= accuracy:
            return round(float(f), 2)
    return 0.95


def triage_choice(spec: Spec, classes: list[str], y: np.ndarray, probs: np.ndarray, where: str) -> dict:
    t = TRIAGE[spec.id]
    refer = [classes.index(k) for k in t["referClasses"]]
    is_refer = np.isin(y, refer)
    score_ = probs[:, refer].sum(1)
    threshold = threshold_for(score_[is_refer], t["targetSensitivity"])
    choice = {
        "chosenOn": where,
        "referThreshold": threshold,
        "confidenceFloor": floor_for(y, probs, t["floorAccuracy"]),
        "classThresholds": {},
    }
    flagged = score_ >= threshold
    if spec.id == "skin":
        mel = classes.index("melanoma")
        choice["classThresholds"]["melanoma"] = threshold_for(probs[y == mel, mel], 0.90)
        flagged |= probs[:, mel] >= choice["classThresholds"]["melanoma"]
    choice["sensitivity"] = [int((flagged & is_refer).sum()), int(is_refer.sum())]
    choice["specificity"] = [int((~flagged & ~is_refer).sum()), int((~is_refer).sum())]
    return choice


def pixel_baseline(thumbs: np.ndarray, p: dict) -> dict:
    idx, y = p["pool"], p["y"][p["pool"]]
    out = {}
    for name, groups in (("random_folds", None), ("near_copies_kept_together", p["groups"])):
        probs = H.out_of_fold(thumbs[idx], y, groups, 0.1, False, seed=SEED % 1000)
        out[name] = round(float(np.mean(probs.argmax(1) == y)), 4)
    return out
