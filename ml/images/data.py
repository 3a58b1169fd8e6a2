"""Image data sets: listing, leakage-free splits, and loading into uint8 tensors at the model's size.

Layout (the data set's SOURCES.md, ML_DATA_DIR/images): <task>/[<split>/]<class>/<image>.jpg. Nothing here is copied
into the repository; the fundus test split is written down as file names in ml/images/splits/ (names only, no pixels).
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
SPLITS_DIR = Path(__file__).resolve().parent / "splits"

FUNDUS_CLASSES = ["cataract", "diabetic_retinopathy", "glaucoma", "normal"]
CT_CLASSES = ["adenocarcinoma", "large_cell_carcinoma", "squamous_cell_carcinoma", "normal"]
SKIN_CLASSES = [
    "actinic_keratosis",
    "basal_cell_carcinoma",
    "dermatofibroma",
    "melanoma",
    "nevus",
    "pigmented_benign_keratosis",
    "seborrheic_keratosis",
    "squamous_cell_carcinoma",
    "vascular_lesion",
]


def data_dir() -> Path:
    """ML_DATA_DIR, default the shared data sets folder (README); relative values are taken from the repository root."""
    value = os.environ.get("ML_DATA_DIR", "../shared/datasets")
    path = Path(value)
    return (path if path.is_absolute() else REPO / path).resolve() / "images"


@dataclass
class Item:
    path: Path  # absolute
    label: int
    group: str  # items of one group (one patient) always share a split

    @property
    def rel(self) -> str:
        return self.path.relative_to(data_dir()).as_posix()


def _list(folder: Path, classes: list[str]) -> list[Item]:
    items = []
    for label, name in enumerate(classes):
        for f in sorted((folder / name).glob("*.jpg")):
            items.append(Item(f, label, f"{name}/{f.name}"))
    if not items:
        raise SystemExit(f"no images under {folder} (set ML_DATA_DIR)")
    return items


FUNDUS_SIDE = re.compile(r"^(\d+)_(left|right)\.jpg$")


def fundus_source(name: str) -> str:
    """The file-name pattern, which tells the source collection (and so, here, largely the camera)."""
    if FUNDUS_SIDE.match(name):
        return "numbered left/right (ODIR-style)"
    if re.match(r"^_\d+_\d+\.jpg$", name):
        return "_<n>_<n> pattern"
    return "named <Class>_<n>"


def fundus_items() -> list[Item]:
    """All fundus photos, grouped by patient: <id>_left and <id>_right of a class folder are one person; byte-identical
    files are one group too. Ids are only unique within one source, so the group key keeps the pattern."""
    items = _list(data_dir() / "fundus", FUNDUS_CLASSES)
    by_hash: dict[str, str] = {}
    for item in items:
        m = FUNDUS_SIDE.match(item.path.name)
        item.group = f"patient-{m.group(1)}" if m else f"file-{item.path.parent.name}/{item.path.name}"
        digest = hashlib.sha1(item.path.read_bytes()).hexdigest()
        item.group = by_hash.setdefault(digest, item.group)
    return items


def fundus_split(items: list[Item], test_share: float = 0.2, val_share: float = 0.1) -> dict[str, list[Item]]:
    """Fixed patient-level split: a group's place comes from a hash of its key, so it never depends on the order of
    files or on a random state. The test part is written to ml/images/splits/fundus_test.txt."""

    def bucket(group: str) -> float:
        return int(hashlib.sha256(f"medibuddy-fundus-v1:{group}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF

    out: dict[str, list[Item]] = {"train": [], "val": [], "test": []}
    for item in items:
        b = bucket(item.group)
        out["test" if b < test_share else "val" if b < test_share + val_share else "train"].append(item)
    return out


def official_split(task: str, classes: list[str], split: str) -> list[Item]:
    return _list(data_dir() / task / split, classes)


def fingerprints(item: Item) -> tuple[str, bytes]:
    """Byte hash, and a 12x12 binarised thumbnail that also catches re-encoded copies."""
    raw = item.path.read_bytes()
    thumb = np.asarray(Image.open(item.path).convert("L").resize((12, 12), Image.BILINEAR), dtype=np.float32)
    return hashlib.sha1(raw).hexdigest(), np.packbits(thumb > thumb.mean()).tobytes()


def drop_copies_of(test: list[Item], items: list[Item]) -> tuple[list[Item], list[str]]:
    """The official splits share some images (chest CT: 22 byte-identical groups across splits; skin: 18). A copy of a
    test image in training would be training on the test, so such items leave training and validation; the test
    split stays as published."""
    seen_hash, seen_thumb = set(), set()
    for item in test:
        h, t = fingerprints(item)
        seen_hash.add(h)
        seen_thumb.add(t)
    kept, dropped = [], []
    for item in items:
        h, t = fingerprints(item)
        (dropped if h in seen_hash or t in seen_thumb else kept).append(item)
    return kept, [i.rel for i in dropped]


def load(items: list[Item], size: int) -> torch.Tensor:
    """uint8 [N, 3, size, size]: RGB, resized to size x size ignoring the aspect ratio, bilinear (the serving
    contract)."""
    out = np.empty((len(items), 3, size, size), dtype=np.uint8)
    for i, item in enumerate(items):
        out[i] = to_array(Image.open(item.path), size)
    return torch.from_numpy(out)


def aspects(items: list[Item]) -> np.ndarray:
    """Each original picture's width over height (read from the file header; load() squashes every picture to a
    square)."""
    out = []
    for item in items:
        with Image.open(item.path) as image:
            out.append(image.size[0] / image.size[1])
    return np.array(out, dtype=np.float32)


def to_array(image: Image.Image, size: int) -> np.ndarray:
    image = image.convert("RGB").resize((size, size), Image.BILINEAR)
    return np.asarray(image, dtype=np.uint8).transpose(2, 0, 1)


def write_split_file(name: str, items: list[Item]) -> Path:
    SPLITS_DIR.mkdir(parents=True, exist_ok=True)
    path = SPLITS_DIR / name
    path.write_text("".join(f"{item.rel}\n" for item in sorted(items, key=lambda i: i.rel)))
    return path
