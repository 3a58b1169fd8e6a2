"""Training: the data parts of each task, the training loop, cached ensemble members, prediction and the exported
wrapper, decision 015's shifted validation, and the comparisons that never score the test part (k-fold, candidates)."""
from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch.nn import functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
from augment import augment  # noqa: E402
from junk import junk_set  # noqa: E402
from net import Exported, SmallResNet  # noqa: E402
from tasks import SEED, THREADS, Task, ct_candidates  # noqa: E402


def hash_split(items: list[D.Item], share: float, salt: str) -> tuple[list[D.Item], list[D.Item]]:
    def b(item):
        return int(hashlib.sha256(f"{salt}:{item.group}".encode()).hexdigest()[:8], 16) / 0xFFFFFFFF

    return [i for i in items if b(i) >= share], [i for i in items if b(i) < share]


DROPPED: dict[str, list[str]] = {}


def official_parts(task_id: str, classes: list[str]) -> dict[str, list[D.Item]]:
    """Official train/test (CT also its valid; skin's validation is 10 % of train by a fixed hash), with copies of
    test images taken out of training and validation."""
    test = D.official_split(task_id, classes, "test")
    if task_id == "chest_ct":
        train, val = D.official_split(task_id, classes, "train"), D.official_split(task_id, classes, "valid")
    else:
        train, val = hash_split(D.official_split(task_id, classes, "train"), 0.1, "medibuddy-skin-v1")
    train, dropped_train = D.drop_copies_of(test, train)
    val, dropped_val = D.drop_copies_of(test, val)
    DROPPED[task_id] = dropped_train + dropped_val
    print(f"[{task_id}] left out of training/validation as copies of test images: {len(DROPPED[task_id])}", flush=True)
    return {"train": train, "val": val, "test": test}


def item_parts(task: Task) -> dict[str, list[D.Item]]:
    """The task's train, val and test items: the fundus patient split, or the official splits without copies of test
    images."""
    return D.fundus_split(D.fundus_items()) if task.id == "fundus" else official_parts(task.id, task.classes)


def load_parts(task: Task) -> dict[str, tuple[torch.Tensor, np.ndarray, list[D.Item]]]:
    parts = item_parts(task)
    if task.id == "fundus":
        D.write_split_file("fundus_test.txt", parts["test"])
    out = {}
    for name, items in parts.items():
        out[name] = (D.load(items, task.size), np.array([i.label for i in items]), items)
    return out


def ct_gate_parts() -> dict[str, list[D.Item]]:
    """Chest CT for the gate (decision 031): the official test split comes from other scanners than train/valid, so
    decision 016's choosing half joins the gate's training (less near-copies of reporting-half slices) and the gate's
    CT test is the reporting half."""
    import heads as H

    parts = official_parts("chest_ct", D.CT_CLASSES)
    test = parts["test"]
    half = H.ct_test_halves([i.rel for i in test])
    choosing = [i for i, h in zip(test, half) if h]
    reporting = [i for i, h in zip(test, half) if not h]
    thumbs = H.thumbnails([i.rel for i in choosing + reporting])
    near = H.copies_of(thumbs[: len(choosing)], thumbs[len(choosing) :])
    return {
        "train": parts["train"] + [i for i, n in zip(choosing, near) if not n],
        "val": parts["val"],
        "test": reporting,
    }


def gate_parts(task: Task) -> dict:
    """Each kind's own training part is the gate's training data for that kind; its test part is the gate's test."""
    kinds: dict[str, dict[str, list[D.Item]]] = {}
    kinds["fundus"] = D.fundus_split(D.fundus_items())
    kinds["chest_ct"] = ct_gate_parts()
    kinds["skin"] = official_parts("skin", D.SKIN_CLASSES)
    out = {}
    junk_n = {"train": 1500, "val": 300, "test": 450}
    for split in ("train", "val", "test"):
        xs, ys, names = [], [], []
        for label, kind in enumerate(["fundus", "chest_ct", "skin"]):
            items = kinds[kind][split]
            xs.append(D.load(items, task.size).numpy())
            ys += [label] * len(items)
            names += [f"{kind}:{i.rel}" for i in items]
        junk, junk_kinds = junk_set(junk_n[split], task.size, SEED + {"train": 1, "val": 2, "test": 3}[split])
        xs.append(junk)
        ys += [3] * len(junk)
        names += [f"synthetic:{k}" for k in junk_kinds]
        out[split] = (torch.from_numpy(np.concatenate(xs)), np.array(ys), names)
    return out


def sampler_weights(y: np.ndarray, k: int) -> torch.Tensor:
    counts = np.bincount(y, minlength=k)
    return torch.tensor(1.0 / counts[y], dtype=torch.double)


STRESS = dict(brightness=0.5, gamma=0.4, draws=8)


def stress_views(parts: dict, seed: int = SEED + 1000) -> torch.Tensor:
    """The validation images (parts['val']) as the training set's sources could have delivered them: each re-stretched
    to an aspect ratio drawn from the training pool (all classes together), with a brightness factor exp(+-0.5) and a
    gamma exp(+-0.4), STRESS['draws'] times with a fixed seed. In chest CT's training part these are class-linked
    through the sources (normal slices brighter, 114 against 63-83 mean grey, and less wide, 1.33 against 1.48-1.58; a
    logistic regression on brightness alone tells normal from cancer at 0.925 against 0.759 by always saying cancer), so
    a model that reads them does well on validation from the same sources and badly on pictures from others. Accuracy on
    these views is the rule for choosing a chest-CT recipe (decision 015)."""
    g = torch.Generator().manual_seed(seed)
    x, _, items = parts["val"]
    source = torch.from_numpy(D.aspects(items))
    pool = torch.from_numpy(D.aspects(parts["train"][2]))
    views = [
        augment(
            x,
            g,
            scale=(1.0, 1.0),
            rotate_deg=0.0,
            hflip=False,
            colour=0.0,
            brightness=STRESS["brightness"],
            gamma=STRESS["gamma"],
            deconfound_aspect=True,
            source_aspect=source,
            aspect_pool=pool,
        )
        for _ in range(STRESS["draws"])
    ]
    return (torch.cat(views) * 255).round().to(torch.uint8)


def accuracy(model: torch.nn.Module, x: torch.Tensor, y: np.ndarray) -> float:
    """Share of pictures whose most probable class is the label (model: SmallResNet or Exported, as predict takes)."""
    return round(float(np.mean(predict(model, x).argmax(1) == y)), 4)


def stress_accuracy(model: Exported, views: torch.Tensor, y: np.ndarray) -> float:
    """Accuracy on stress_views: each validation label once per draw."""
    return accuracy(model, views, np.tile(y, STRESS["draws"]))


def predict(model: torch.nn.Module, x: torch.Tensor, batch: int = 256) -> np.ndarray:
    """Probabilities as the exported graph computes them (model: SmallResNet, or Exported for test-time flips)."""
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            y = model(x[i : i + batch].float() / 255.0)
            y = y[0] if isinstance(y, tuple) else y
            out.append(y if isinstance(model, Exported) else torch.softmax(y, 1))
    return torch.cat(out).numpy()


def served(model: SmallResNet | list[SmallResNet], task: Task) -> Exported:
    return Exported(model, task.id != "image_gate", task.tta_views, task.size).eval()


def new_net(task: Task) -> SmallResNet:
    """An untrained network of the task's shape (weights are set by training or read back from the cache)."""
    return SmallResNet(
        len(task.classes), widths=task.widths, per_image_norm=task.per_image_norm, body_crop=task.body_crop
    )


CACHE = D.REPO / "ml" / ".cache"


def member_path(task: Task, seed: int, epochs: int) -> Path:
    """Where a trained member's weights are kept between runs (ignored by git), keyed by everything that shapes it."""
    recipe = {
        k: getattr(task, k)
        for k in (
            "size",
            "batch",
            "lr",
            "weight_decay",
            "label_smoothing",
            "balanced",
            "aug",
            "widths",
            "per_image_norm",
        )
    }
    if task.body_crop:  # only when set, so the keys of recipes without it stay as they were
        recipe["body_crop"] = True
    key = json.dumps(
        {**recipe, "epochs": epochs, "seed": seed, "threads": THREADS, "torch": torch.__version__},
        sort_keys=True,
        default=list,
    )
    return CACHE / task.id / f"seed{seed}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.pt"


def member(task: Task, index: int, parts: dict, epochs: int) -> tuple[SmallResNet, list]:
    """Member `index` of the task's ensemble (seed SEED + index): trained on the training part, or read back from
    the cache when the same recipe, seed and thread count trained it before (so members can train in parallel
    processes: train.py <task> --member I)."""
    seed = SEED + index
    path = member_path(task, seed, epochs)
    if path.exists():
        saved = torch.load(path)
        model = new_net(task)
        model.load_state_dict(saved["state"])
        print(f"[{task.id}] member {index} (seed {seed}) read from {path.relative_to(D.REPO)}", flush=True)
        return model.eval(), saved["history"]
    model, history = train(
        task,
        parts["train"][0],
        parts["train"][1],
        (parts["val"][0], parts["val"][1]),
        epochs,
        seed,
        aspect_inputs(task, parts["train"][2]),
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"state": model.state_dict(), "history": history}, path)
    return model, history


def aspect_inputs(task: Task, items: list[D.Item]) -> np.ndarray | None:
    """The original aspect ratios the de-confounding augmentation needs (None when the task does not use it)."""
    return D.aspects(items) if task.aug.get("deconfound_aspect") else None


def train(
    task: Task,
    x: torch.Tensor,
    y: np.ndarray,
    val: tuple[torch.Tensor, np.ndarray] | None,
    epochs: int,
    seed: int = SEED,
    aspect: np.ndarray | None = None,
) -> tuple[SmallResNet, list]:
    torch.manual_seed(seed)
    g = torch.Generator().manual_seed(seed)
    k = len(task.classes)
    model = new_net(task).to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(model.parameters(), lr=task.lr, weight_decay=task.weight_decay)
    steps_per_epoch = math.ceil(len(x) / task.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=task.lr, total_steps=epochs * steps_per_epoch, pct_start=0.15
    )
    yt = torch.from_numpy(y).long()
    weights = sampler_weights(y, k) if task.balanced else None
    pool = None if aspect is None else torch.from_numpy(aspect)
    history = []
    for epoch in range(epochs):
        model.train()
        started = time.time()
        if weights is not None:
            order = torch.multinomial(weights, len(x), replacement=True, generator=g)
        else:
            order = torch.randperm(len(x), generator=g)
        total, correct, seen = 0.0, 0, 0
        for i in range(0, len(order), task.batch):
            idx = order[i : i + task.batch]
            if len(idx) < 2:
                continue
            shape = {} if pool is None else {"source_aspect": pool[idx], "aspect_pool": pool}
            xb = augment(x[idx], g, **task.aug, **shape).contiguous(memory_format=torch.channels_last)
            logits = model(xb)
            loss = F.cross_entropy(logits, yt[idx], label_smoothing=task.label_smoothing)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
            correct += int((logits.argmax(1) == yt[idx]).sum())
            seen += len(idx)
        row = {
            "epoch": epoch + 1,
            "loss": round(total / seen, 4),
            "train_acc": round(correct / seen, 4),
            "seconds": round(time.time() - started, 1),
        }
        if val is not None and len(val[0]) and (epoch + 1 == epochs or (epoch + 1) % 5 == 0):
            row["val_acc"] = accuracy(model, val[0], val[1])
        history.append(row)
        print(f"  {task.id} {json.dumps(row)}", flush=True)
    model.eval()
    return model, history


def cross_validate(task: Task, k: int) -> dict:
    """Accuracy of the task's configuration by k-fold cross-validation on the training and validation parts together
    (folds by a fixed hash of the image group; the test part is never loaded as pixels). For choosing between
    configurations when the validation part alone is too small to tell them apart (chest CT: 65 images)."""
    torch.set_num_threads(THREADS)
    parts = item_parts(task)
    items = parts["train"] + parts["val"]
    x = D.load(items, task.size)
    y = np.array([i.label for i in items])
    fold = np.array([int(hashlib.sha256(f"medibuddy-cv-v1:{i.group}".encode()).hexdigest()[:8], 16) % k for i in items])
    accuracies = []
    for f in range(k):
        held = fold == f
        kept = [i for i, h in zip(items, held) if not h]
        model, _ = train(
            task, x[torch.from_numpy(~held)], y[~held], None, task.epochs, aspect=aspect_inputs(task, kept)
        )
        p = predict(served(model, task), x[torch.from_numpy(held)])
        accuracies.append(float(np.mean(p.argmax(1) == y[held])))
        print(f"[{task.id}] cv fold {f + 1}/{k}: accuracy {accuracies[-1]:.3f} on {int(held.sum())}", flush=True)
    result = {
        "task": task.id,
        "size": task.size,
        "epochs": task.epochs,
        "folds": k,
        "n": len(items),
        "accuracy_by_fold": [round(a, 4) for a in accuracies],
        "mean_accuracy": round(float(np.mean(accuracies)), 4),
    }
    print(json.dumps(result), flush=True)
    return result


def score_candidate(name: str, index: int) -> dict:
    """Trains (or reads back from ml/.cache) one candidate network and prints its plain and shifted validation
    accuracy. The test part is not scored."""
    task = ct_candidates()[name]
    torch.set_num_threads(THREADS)
    parts = load_parts(task)
    model, history = member(task, index, parts, task.epochs)
    x_val, y_val, _ = parts["val"]
    net = served([model], task)
    result = {
        "candidate": name,
        "member": index,
        "seed": SEED + index,
        "val_acc": accuracy(net, x_val, y_val),
        "shifted_val_acc": stress_accuracy(net, stress_views(parts), y_val),
        "train_seconds": round(sum(r["seconds"] for r in history), 1),
    }
    print(json.dumps(result), flush=True)
    return result
