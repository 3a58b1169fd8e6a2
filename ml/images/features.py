"""Pooled features of the pretrained backbone for every picture of a data set, cached in ml/.cache/features/.

A head fitted on these (heads.py) is exactly the served graph's head: the served graph runs the same backbone and takes
the global average of the same block. Cache files hold numbers computed from the pictures, never the pictures, and
are ignored by git.

    /usr/bin/python3 ml/images/features.py fundus|chest_ct|skin [--mode raw|norm|colour]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
from backbone import REPO, backbone  # noqa: E402

SIZE = 299
BLOCKS = ("mixed4", "mixed5", "mixed6")
CACHE = REPO / "ml" / ".cache" / "features"


def standardise(x: torch.Tensor) -> torch.Tensor:
    """Per-image normalisation: each picture's own mean and spread mapped to a fixed grey 0.45 +- 0.25, so overall
    brightness and contrast (which differ between the chest-CT sources) carry no signal."""
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    std = x.std(dim=(1, 2, 3), keepdim=True) + 1e-3
    return (x - mean) / std * 0.25 + 0.45


def shades_of_grey(x: torch.Tensor, p: int = 6) -> torch.Tensor:
    """Colour constancy (Finlayson and Trezzi 2004; for dermoscopy, Barata et al. 2015, IEEE J Biomed Health Inform
    19:1146): each channel is scaled so that the picture's light, estimated by the Minkowski p-norm of each channel,
    becomes neutral grey; dermoscopes differ in the colour of their light (bluish in the skin set's older pictures)."""
    light = x.clamp(min=1e-4).pow(p).mean(dim=(2, 3), keepdim=True).pow(1.0 / p)
    return (x * light.mean(dim=1, keepdim=True) / light).clamp(0, 1)


PREPROCESS = {"raw": lambda x: x, "norm": standardise, "colour": shades_of_grey}


def items_of(task: str) -> list[D.Item]:
    if task == "fundus":
        return D.fundus_items()
    classes = {"chest_ct": D.CT_CLASSES, "skin": D.SKIN_CLASSES}[task]
    splits = ("train", "valid", "test") if task == "chest_ct" else ("train", "test")
    return [i for s in splits for i in D.official_split(task, classes, s)]


def cache_path(task: str, mode: str) -> Path:
    return CACHE / f"{task}-{mode}-{SIZE}.npz"


def extract(task: str, mode: str, batch: int = 16) -> dict:
    path = cache_path(task, mode)
    if path.exists():
        return dict(np.load(path, allow_pickle=False))
    torch.manual_seed(0)
    items = items_of(task)
    net = backbone(*BLOCKS)
    pooled = {b: [] for b in BLOCKS}
    started = time.time()
    with torch.no_grad():
        for at in range(0, len(items), batch):
            x = D.load(items[at : at + batch], SIZE).float() / 255
            x = PREPROCESS[mode](x)
            for b, f in zip(BLOCKS, net(x)):
                pooled[b].append(f.mean(dim=(2, 3)).numpy())
            done = at + batch
            if done % (batch * 20) == 0:
                print(f"{task}: {done}/{len(items)} in {time.time() - started:.0f} s", flush=True)
    out = {
        "rel": np.array([i.rel for i in items]),
        "label": np.array([i.label for i in items]),
        "group": np.array([i.group for i in items]),
        **{b: np.concatenate(pooled[b]) for b in BLOCKS},
    }
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez(path, **out)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("task", choices=["fundus", "chest_ct", "skin"])
    parser.add_argument("--mode", choices=list(PREPROCESS), default="raw")
    args = parser.parse_args()
    torch.set_num_threads(int(__import__("os").environ.get("ML_THREADS", "2")))
    out = extract(args.task, args.mode)
    print(args.task, {b: out[b].shape for b in BLOCKS})
