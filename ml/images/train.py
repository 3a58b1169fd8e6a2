"""Train, evaluate and export the image models (see ml/images/README.md).

    /usr/bin/python3 ml/images/train.py <fundus|chest_ct|skin|image_gate|all> [--quick] [--out DIR]

Writes <out>/<model>/{model.onnx, card.json, CARD.md, golden/*.png} (default out: server/models). Fixed seeds; on
the same machine and thread count a run reproduces its numbers. The test parts are never used for training or for
choosing anything: epochs, sizes and augmentation were fixed on the validation parts.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import shutil
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
from PIL import Image
from torch.nn import functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
from augment import augment  # noqa: E402
from card import write_card_md  # noqa: E402
from junk import junk_set  # noqa: E402
from metrics import evaluate  # noqa: E402
from net import Exported, SmallResNet  # noqa: E402

SEED = 20261122
THREADS = int(os.environ.get("ML_THREADS", "2"))


@dataclass
class Task:
    id: str
    title: str
    classes: list[str]
    labels: list[str]
    size: int = 128
    epochs: int = 30
    batch: int = 64
    lr: float = 3e-3
    weight_decay: float = 5e-4
    label_smoothing: float = 0.1
    balanced: bool = False  # sample classes equally (skin: 77 to 462 images a class)
    aug: dict = field(default_factory=dict)
    widths: tuple = (24, 32, 64, 128, 192)
    per_image_norm: bool = False
    body_crop: bool = False  # crop to the body's box inside the network (net.body_box), chest CT (decision 022)
    tta_views: int = 1  # flipped views averaged by the exported graph (see net.Exported)
    shift_check: bool = False  # also score validation under source-like shifts (stress_views) and report it
    members: int = 1  # networks trained alike from seeds SEED, SEED+1, ... and averaged by the exported graph
    history_note: str = ""
    dataset: dict = field(default_factory=dict)


def title_case(key: str) -> str:
    return key.replace("_", " ").capitalize()


TASKS = {
    "fundus": Task(
        "fundus", "Fundus photograph: cataract, diabetic retinopathy, glaucoma or normal",
        D.FUNDUS_CLASSES, ["Cataract", "Diabetic retinopathy", "Glaucoma", "Normal"],
        epochs=45, tta_views=4, aug=dict(scale=(0.85, 1.0), rotate_deg=15, hflip=True, vflip=True, colour=0.1),
        history_note="An earlier run (112 px, 15 epochs, stronger augmentation, cut short for time on a loaded machine) "
                     "was still underfitting (train 0.805, validation 0.795) and scored 0.763 on the test part; this run "
                     "trains longer at 128 px with milder augmentation. A second run (32 epochs) reached validation 0.825 "
                     "and test 0.856 and was still improving; this third run trains 45 epochs and averages four flipped "
                     "views at inference. All runs are disclosed because the test part was scored for each.",
        dataset={
            "name": "Eye Diseases Classification (fundus; Kaggle, gunavenkatdoddi; compiled from ODIR-5K, IDRiD, HRF and others)",
            "licence": "unverified (said to be ODC-By; ODIR-5K is for research use)",
            "split": "by patient: <id>_left and <id>_right together, byte-identical files together; a fixed hash of the patient key puts 20 % in test, 10 % in validation; test file names in ml/images/splits/fundus_test.txt",
        },
    ),
    "chest_ct": Task(
        "chest_ct", "Chest CT slice: adenocarcinoma, large-cell carcinoma, squamous-cell carcinoma or normal",
        D.CT_CLASSES, ["Adenocarcinoma", "Large-cell carcinoma", "Squamous-cell carcinoma", "Normal"],
        epochs=80, members=2, shift_check=True,
        aug=dict(scale=(0.7, 1.0), rotate_deg=10, hflip=True, vflip=False, colour=0.15, brightness=0.5, gamma=0.4,
                 deconfound_aspect=True),
        history_note="Two variants were scored on the official test split: this configuration (validation 0.892, test "
                     "0.683 in its first run) and one with per-image intensity standardisation, aspect augmentation and "
                     "stronger contrast jitter, meant for the measured brightness and shape differences between the "
                     "official splits (test adenocarcinoma mean grey 54 vs 83 in train; aspect 1.35 vs 1.47): validation "
                     "0.831, test 0.467. The first configuration is kept. The published test split is harder than "
                     "validation for a model trained from scratch; pretrained models reach 0.92-0.95. A later run at 192 px "
                     "(stop 12) scored 0.740 on the test split (balanced 0.786, macro AUC 0.946) but was not kept: its "
                     "validation accuracy was lower (0.877, one image), and 3-fold cross-validation (a comparison chosen "
                     "after that test score was seen, before the folds were run) on train+validation preferred 128 px (0.909 against 0.853; "
                     "ml/images/train.py chest_ct --cv 3 [--size 192]). Stop 13: three networks of this configuration "
                     "(seeds SEED to SEED+2, one thread each; member 0 is the model above), averaged by the exported "
                     "graph; rule fixed before training: the ensemble is served if its validation accuracy is at least "
                     "member 0's alone, else the model above stays. Validation: members 0.923, 0.892, 0.862, ensemble "
                     "0.908, so the model above stays (members=1). That run also scored the ensemble on the test split "
                     "(accuracy 0.692, balanced 0.678, macro AUC 0.923); it is disclosed here and was not used. Member 0 "
                     "(same recipe, seed and thread count as the served model) validated at 0.923, not 0.892: this "
                     "machine's CPU kernels did not reproduce the served run bit for bit. Stop 14 (decision 015, rule written "
                     "before the runs): in the training part brightness and picture shape give the class away (normal "
                     "slices brighter and less wide), so recipes were compared on validation under source-like shifts "
                     "(aspect ratio, brightness, gamma drawn independently of the class). Candidates, seed SEED, one "
                     "thread: the previous recipe (shifted validation 0.652, plain 0.908), the same with the "
                     "de-confounding augmentation at 128 px and 80 epochs (0.869, plain 0.862), and at 160 px (0.854, "
                     "plain 0.800). The 128 px recipe won; its second network (seed SEED+1: 0.846, plain 0.831) joined "
                     "because the pair's shifted validation (0.869) was at least network 0's (0.869). The test split, "
                     "scored once on the pair: accuracy 0.575, balanced 0.621, macro AUC 0.872, below the model it "
                     "replaces (0.670). Served as the rule said: it calls fewer cancers normal (16 of 261 against 32) "
                     "and separates normal from cancer better (normal ROC-AUC 0.969 against 0.923), but it calls 57 of "
                     "120 adenocarcinomas squamous-cell carcinoma. Shifted validation did not predict the test split: "
                     "it covers brightness and shape, and the sources differ in more than that."
                     " Decision 016 (the official test split halved once into a choosing half, 171, and a reporting half, 144): with class offsets fixed on validation and the choosing half, this model scored on the reporting half, once, accuracy 0.729 (0.651-0.795; 0.618 without the offsets) and cancer-vs-normal sensitivity 0.911 (0.848-0.950), specificity 1.000 (20 normals); the bar (0.80 and 0.95) is not met. Decision 022 (rule written before the runs were scored): preprocessing recipes inside the graph, one network each at 40 epochs on a shared 2-core CPU (torch 1.13.1), compared with this model by accuracy with offsets on validation plus the choosing half (this model 0.742, 175/236): per-image normalisation 0.559, the crop to the body's box with per-image normalisation 0.716, the crop alone as two networks 0.733 (cancer-vs-normal AUC 0.975). None beat this model, so it stays and no reporting-half figure was computed for them.",
        dataset={
            "name": "Chest CT-Scan images Dataset (Kaggle, mohamedhanyyy; Tianchi 93929)",
            "licence": "unverified (said to be ODbL 1.0)",
            "split": "official: trained on train (613), monitored on valid (72), reported on the official test split (315) only",
        },
    ),
    "skin": Task(
        "skin", "Dermoscopic image: nine ISIC lesion types", D.SKIN_CLASSES,
        [title_case(c) for c in D.SKIN_CLASSES], epochs=110, balanced=True, tta_views=4, widths=(32, 48, 96, 160, 256),
        members=2,
        history_note="Runs scored on the test split, all disclosed: 35 epochs (balanced accuracy 0.532, training accuracy "
                     "still rising at 0.59); 45 epochs (0.509); the same with four flipped views at inference (0.516, "
                     "validation accuracy 0.514, training 0.64: underfitting). Then a wider network (widths 32-256, "
                     "1.56 M parameters): 70 epochs reached validation 0.575 (test balanced 0.544, AUC 0.881); this "
                     "run trains it 110 epochs (training 0.81) and was kept, by the rule fixed before either was "
                     "scored, because its validation accuracy was higher (0.603), although its test balanced accuracy "
                     "is lower (0.535, accuracy 0.542). With 3 test images in two classes the balanced accuracy moves "
                     "by several points by chance. Stop 13: two networks of that recipe from seeds SEED and SEED+1, "
                     "trained with one thread each, averaged by the exported graph; rule fixed before training: the "
                     "ensemble is served if its validation accuracy is at least member 0's alone, else the model above stays. "
                     "Validation (four flipped views each): member 0 0.575, member 1 0.626, ensemble 0.603, so the "
                     "ensemble is served; member 1 alone validated higher but the rule compared only the ensemble with "
                     "member 0, and neither member was scored on the test split alone. Test: balanced accuracy 0.593, "
                     "accuracy 0.576, macro AUC 0.877. It finds none of the 16 test melanomas (13 called nevus; the "
                     "single model found 1): a nevus result does not rule out melanoma, and the result page says so "
                     "from this card's confusion matrix.",
        aug=dict(scale=(0.6, 1.0), rotate_deg=180, hflip=True, vflip=True, colour=0.2),
        dataset={
            "name": "Skin Cancer ISIC - 9 classes (ISIC Archive; Kaggle, nodoubttome)",
            "licence": "unverified; ISIC Archive images are CC BY-NC or CC0 per image",
            "split": "official: trained on train (2,239; 10 % of it held out for validation by a fixed hash), reported on the test split (118) only",
        },
    ),
    "image_gate": Task(
        "image_gate", "Image gate: fundus photo, chest CT, skin close-up, or something else",
        ["fundus", "chest_ct", "skin", "other"], ["Fundus photograph", "Chest CT", "Skin close-up", "Something else"],
        size=64, epochs=12, widths=(16, 24, 32, 64, 96),
        aug=dict(scale=(0.6, 1.0), rotate_deg=30, hflip=True, vflip=True, colour=0.3),
        dataset={
            "name": "the training parts of the three image sets above, plus synthetic pictures (ml/images/junk.py) as 'other'",
            "split": "the fundus, CT and skin test parts above and synthetic pictures from another seed; natural photographs from scikit-learn's sample images (never trained on)",
        },
    ),
}


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
    """The task's train, val and test items: the fundus patient split, or the official splits without copies of test images."""
    return D.fundus_split(D.fundus_items()) if task.id == "fundus" else official_parts(task.id, task.classes)


def load_parts(task: Task) -> dict[str, tuple[torch.Tensor, np.ndarray, list[D.Item]]]:
    parts = item_parts(task)
    if task.id == "fundus":
        D.write_split_file("fundus_test.txt", parts["test"])
    out = {}
    for name, items in parts.items():
        out[name] = (D.load(items, task.size), np.array([i.label for i in items]), items)
    return out


def gate_parts(task: Task) -> dict:
    """Each kind's own training part is the gate's training data for that kind; its test part is the gate's test."""
    kinds: dict[str, dict[str, list[D.Item]]] = {}
    kinds["fundus"] = D.fundus_split(D.fundus_items())
    kinds["chest_ct"] = official_parts("chest_ct", D.CT_CLASSES)
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


def natural_photos(size: int) -> tuple[torch.Tensor, list[str]]:
    """scikit-learn's two sample photographs (a temple, a flower) and nine crops of each: ordinary photos, never trained on."""
    from sklearn.datasets import load_sample_images

    arrays, names = [], []
    for path, image in zip(load_sample_images().filenames, load_sample_images().images):
        pil = Image.fromarray(image)
        w, h = pil.size
        boxes = [(0, 0, w, h)] + [(x, y, x + h // 2, y + h // 2) for x in (0, w // 3, w - h // 2) for y in (0, h // 4, h // 2)]
        for i, box in enumerate(boxes):
            arrays.append(D.to_array(pil.crop(box), size))
            names.append(f"{Path(path).name}#{i}")
    return torch.from_numpy(np.stack(arrays)), names


def sampler_weights(y: np.ndarray, k: int) -> torch.Tensor:
    counts = np.bincount(y, minlength=k)
    return torch.tensor(1.0 / counts[y], dtype=torch.double)


STRESS = dict(brightness=0.5, gamma=0.4, draws=8)


def stress_views(parts: dict, seed: int = SEED + 1000) -> torch.Tensor:
    """The validation images (parts['val']) as the training set's sources could have delivered them: each re-stretched to an aspect
    ratio drawn from the training pool (all classes together), with a brightness factor exp(+-0.5) and a gamma
    exp(+-0.4), STRESS['draws'] times with a fixed seed. In chest CT's training part these are class-linked through
    the sources (normal slices brighter, 114 against 63-83 mean grey, and less wide, 1.33 against 1.48-1.58; a
    logistic regression on brightness alone tells normal from cancer at 0.925 against 0.759 by always saying
    cancer), so a model that reads them does well on validation from the same sources and badly on pictures from
    others. Accuracy on these views is the rule for choosing a chest-CT recipe (decision 015)."""
    g = torch.Generator().manual_seed(seed)
    x, _, items = parts["val"]
    source = torch.from_numpy(D.aspects(items))
    pool = torch.from_numpy(D.aspects(parts["train"][2]))
    views = [augment(x, g, scale=(1.0, 1.0), rotate_deg=0.0, hflip=False, colour=0.0, brightness=STRESS["brightness"],
                     gamma=STRESS["gamma"], deconfound_aspect=True, source_aspect=source, aspect_pool=pool)
             for _ in range(STRESS["draws"])]
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
            y = model(x[i:i + batch].float() / 255.0)
            y = y[0] if isinstance(y, tuple) else y
            out.append(y if isinstance(model, Exported) else torch.softmax(y, 1))
    return torch.cat(out).numpy()


def served(model: SmallResNet | list[SmallResNet], task: Task) -> Exported:
    return Exported(model, task.id != "image_gate", task.tta_views, task.size).eval()


def new_net(task: Task) -> SmallResNet:
    """An untrained network of the task's shape (weights are set by training or read back from the cache)."""
    return SmallResNet(len(task.classes), widths=task.widths, per_image_norm=task.per_image_norm, body_crop=task.body_crop)


CACHE = D.REPO / "ml" / ".cache"


def member_path(task: Task, seed: int, epochs: int) -> Path:
    """Where a trained member's weights are kept between runs (ignored by git), keyed by everything that shapes it."""
    recipe = {k: getattr(task, k) for k in ("size", "batch", "lr", "weight_decay", "label_smoothing", "balanced", "aug", "widths", "per_image_norm")}
    if task.body_crop:  # only when set, so the keys of recipes without it stay as they were
        recipe["body_crop"] = True
    key = json.dumps({**recipe, "epochs": epochs, "seed": seed, "threads": THREADS, "torch": torch.__version__}, sort_keys=True, default=list)
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
    model, history = train(task, parts["train"][0], parts["train"][1], (parts["val"][0], parts["val"][1]), epochs, seed,
                           aspect_inputs(task, parts["train"][2]))
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"state": model.state_dict(), "history": history}, path)
    return model, history


def aspect_inputs(task: Task, items: list[D.Item]) -> np.ndarray | None:
    """The original aspect ratios the de-confounding augmentation needs (None when the task does not use it)."""
    return D.aspects(items) if task.aug.get("deconfound_aspect") else None


def train(task: Task, x: torch.Tensor, y: np.ndarray, val: tuple[torch.Tensor, np.ndarray] | None, epochs: int,
          seed: int = SEED, aspect: np.ndarray | None = None) -> tuple[SmallResNet, list]:
    torch.manual_seed(seed)
    g = torch.Generator().manual_seed(seed)
    k = len(task.classes)
    model = new_net(task).to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(model.parameters(), lr=task.lr, weight_decay=task.weight_decay)
    steps_per_epoch = math.ceil(len(x) / task.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=task.lr, total_steps=epochs * steps_per_epoch, pct_start=0.15)
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
            idx = order[i:i + task.batch]
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
        row = {"epoch": epoch + 1, "loss": round(total / seen, 4), "train_acc": round(correct / seen, 4), "seconds": round(time.time() - started, 1)}
        if val is not None and len(val[0]) and (epoch + 1 == epochs or (epoch + 1) % 5 == 0):
            row["val_acc"] = accuracy(model, val[0], val[1])
        history.append(row)
        print(f"  {task.id} {json.dumps(row)}", flush=True)
    model.eval()
    return model, history


def export(model: SmallResNet | list[SmallResNet], task: Task, path: Path, with_cam: bool) -> None:
    wrapped = served(model, task)
    dummy = torch.rand(1, 3, task.size, task.size)
    outputs = ["probabilities", "cam"] if with_cam else ["probabilities"]
    torch.onnx.export(
        wrapped, dummy, str(path), input_names=["image"], output_names=outputs, opset_version=13,
        dynamic_axes={"image": {0: "n"}, **{o: {0: "n"} for o in outputs}}, do_constant_folding=True,
    )


def write_goldens(model: SmallResNet, x: torch.Tensor, names: list[str], picks: list[int], folder: Path) -> list[dict]:
    folder.mkdir(parents=True, exist_ok=True)
    goldens = []
    probs = predict(model, x[picks])
    for j, i in enumerate(picks):
        file = f"golden/{j}.png"
        Image.fromarray(x[i].numpy().transpose(1, 2, 0)).save(folder / f"{j}.png", optimize=True)
        goldens.append({"file": file, "source": names[i], "probabilities": [round(float(v), 7) for v in probs[j]]})
    return goldens


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
    x_train, y_train = parts["train"][0], parts["train"][1]
    x_val, y_val = parts["val"][0], parts["val"][1]
    x_test, y_test = parts["test"][0], parts["test"][1]
    print(f"[{task.id}] train {len(x_train)} val {len(x_val)} test {len(x_test)}; {epochs} epochs", flush=True)
    trained = [member(task, i, parts, epochs) for i in range(task.members)]
    models, history = [m for m, _ in trained], trained[0][1]
    members = [{"seed": SEED + i, "val_acc_served": accuracy(served([m], task), x_val, y_val), "history": h}
               for i, (m, h) in enumerate(trained)]
    ensemble_val = accuracy(served(models, task), x_val, y_val) if len(models) > 1 else None
    print(f"[{task.id}] validation accuracy by member {[m['val_acc_served'] for m in members]}, ensemble {ensemble_val}", flush=True)
    stress = None
    if task.shift_check:
        views = stress_views(parts)
        stress = {"members": [stress_accuracy(served([m], task), views, y_val) for m in models],
                  "served": stress_accuracy(served(models, task), views, y_val), "settings": STRESS}
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
        "input": {"name": "image", "size": task.size, "layout": "NCHW", "channels": "RGB", "range": [0, 1], "resize": "fill, bilinear"},
        "outputs": {"probabilities": "probabilities", "cam": None if task.id == "image_gate" else "cam",
                    "cam_size": None if task.id == "image_gate" else task.size // 16},
        "architecture": {
            "name": "small residual CNN (5 stages, widths " + ", ".join(map(str, task.widths)) + "), global average pooling, linear head; class activation maps from the head's weights",
            "parameters": int(sum(p.numel() for m in models for p in m.parameters())),
            "ensemble_members": len(models),
            "pretrained": "none: trained from scratch on the training part only",
        },
        "training": {
            "seed": SEED, "members": [{k: v for k, v in m.items() if k != "history"} for m in members] if len(members) > 1 else None,
            "ensemble_val_acc": ensemble_val, "shifted_val_acc": stress, "epochs": epochs,
            "member_train_seconds": [round(sum(r["seconds"] for r in h), 1) for _, h in trained], "batch": task.batch, "optimizer": "AdamW", "lr_schedule": "one-cycle",
            "max_lr": task.lr, "weight_decay": task.weight_decay, "label_smoothing": task.label_smoothing,
            "class_balanced_sampling": task.balanced, "per_image_normalisation": task.per_image_norm,
            "body_crop": task.body_crop,
            "test_time_flips": task.tta_views,
            "model_selection_note": task.history_note or None, "augmentation": task.aug, "n_train": len(x_train), "n_val": len(x_val),
            "history": history, "seconds": round(time.time() - started, 1), "threads": THREADS,
            "torch": torch.__version__, "machine": platform.machine(), "device": "cpu",
        },
        "dataset": {**task.dataset, "read_from": "ML_DATA_DIR (default ../shared/datasets from the repo root), images/",
                    "left_out_as_copies_of_test_images": DROPPED.get(task.id, [])},
        "evaluation": evaluation,
        **extra,
        "golden": goldens,
    }
    (tmp / "card.json").write_text(json.dumps(card, indent=2) + "\n")
    write_card_md(card, tmp / "CARD.md")
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    print(f"[{task.id}] test accuracy {evaluation['accuracy']:.3f} balanced {evaluation['balanced_accuracy']:.3f} "
          f"macro AUC {evaluation['macro_roc_auc']:.3f} in {time.time() - started:.0f} s -> {folder}", flush=True)
    return card


def golden_picks(y: np.ndarray) -> list[int]:
    """The first test image of each class (at most four), so a golden test touches every output."""
    picks = []
    for c in np.unique(y)[:4]:
        picks.append(int(np.flatnonzero(y == c)[0]))
    return picks


def fundus_confound(parts: dict, probs: np.ndarray) -> dict:
    """Two measurements of the camera/source shortcut: (1) how well a trivial model on colour and brightness statistics
    alone (no anatomy) separates the classes, trained on train and scored on test; (2) the CNN's accuracy within each
    file-name source, where one source holds several classes (a source-matched comparison)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    def stats(x: torch.Tensor) -> np.ndarray:
        f = x.float() / 255.0
        s = f.shape[-1]
        centre = f[:, :, s // 4: 3 * s // 4, s // 4: 3 * s // 4]
        border = torch.cat([f[:, :, : s // 8].flatten(2), f[:, :, -s // 8:].flatten(2)], 2)
        feats = [f.mean((2, 3)), f.std((2, 3)), centre.mean((2, 3)), border.mean(2), (f.mean(1) < 0.05).float().mean((1, 2)).unsqueeze(1)]
        return torch.cat(feats, 1).numpy()

    (xtr, ytr, _), (xte, yte, items) = parts["train"], parts["test"]
    probe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)).fit(stats(xtr), ytr)
    probe_acc = float(np.mean(probe.predict(stats(xte)) == yte))
    pred = probs.argmax(1)
    by_source = {}
    for source in sorted({D.fundus_source(i.path.name) for i in items}):
        mask = np.array([D.fundus_source(i.path.name) == source for i in items])
        counts = {D.FUNDUS_CLASSES[c]: int(np.sum(yte[mask] == c)) for c in range(4) if np.sum(yte[mask] == c)}
        by_source[source] = {"n": int(mask.sum()), "classes": counts, "cnn_accuracy": round(float(np.mean(pred[mask] == yte[mask])), 4)}
    glaucoma_normal = np.isin(yte, [2, 3])
    return {
        "colour_statistics_probe_accuracy": round(probe_acc, 4),
        "colour_statistics_probe": "logistic regression on 19 numbers per image (channel means and spreads, centre and border means, share of black pixels); chance is about 0.25",
        "cnn_accuracy_by_file_name_source": by_source,
        "reading": "Diabetic-retinopathy and normal photos come only from the numbered left/right (ODIR/EyePACS-style) files; "
                   "a high probe accuracy means colour and framing alone give the class away, so part of the CNN's accuracy can be the camera, not the disease.",
        "cnn_accuracy_glaucoma_vs_normal_rows": round(float(np.mean(pred[glaucoma_normal] == yte[glaucoma_normal])), 4),
    }


def gate_report(model: SmallResNet, task: Task, parts: dict, probs: np.ndarray) -> dict:
    threshold = 0.5
    min_lum, min_std = 0.06, 0.02
    y = parts["test"][1]
    kinds = ["fundus", "chest_ct", "skin"]
    report = {"accept_threshold": threshold, "min_mean_luminance": min_lum, "min_std": min_std}
    accept = {}
    for k, kind in enumerate(kinds):
        own = probs[y == k, k] >= threshold
        others = {kinds[j] if j < 3 else "synthetic": float(np.mean(probs[y == j, k] < threshold)) for j in range(4) if j != k}
        accept[kind] = {"own_test_images_accepted": round(float(np.mean(own)), 4), "n_own": int(np.sum(y == k)),
                        "refused_share_by_other_kind": {a: round(b, 4) for a, b in others.items()}}
    photos, names = natural_photos(task.size)
    p = predict(model, photos)
    accept["natural_photographs"] = {
        "n": len(names),
        "refused_by_every_test": round(float(np.mean((p[:, :3] < threshold).all(1))), 4),
        "called": {n: task.classes[int(i)] for n, i in zip(names, p.argmax(1))},
    }
    report["held_out"] = accept
    return report


def cross_validate(task: Task, k: int) -> dict:
    """Accuracy of the task's configuration by k-fold cross-validation on the training and validation parts together
    (folds by a fixed hash of the image group; the test part is never loaded as pixels). For choosing between configurations when
    the validation part alone is too small to tell them apart (chest CT: 65 images)."""
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
        model, _ = train(task, x[torch.from_numpy(~held)], y[~held], None, task.epochs, aspect=aspect_inputs(task, kept))
        p = predict(served(model, task), x[torch.from_numpy(held)])
        accuracies.append(float(np.mean(p.argmax(1) == y[held])))
        print(f"[{task.id}] cv fold {f + 1}/{k}: accuracy {accuracies[-1]:.3f} on {int(held.sum())}", flush=True)
    result = {"task": task.id, "size": task.size, "epochs": task.epochs, "folds": k, "n": len(items),
              "accuracy_by_fold": [round(a, 4) for a in accuracies], "mean_accuracy": round(float(np.mean(accuracies)), 4)}
    print(json.dumps(result), flush=True)
    return result


def ct_candidates() -> dict[str, Task]:
    """Decision 015's chest-CT candidates, one network each: the previously served recipe ('base'), and the
    served recipe (the de-confounding augmentation) at 128 px ('dc128') and at 160 px ('dc160')."""
    served_recipe = replace(TASKS["chest_ct"], members=1)
    old_aug = {k: v for k, v in served_recipe.aug.items() if k not in ("brightness", "gamma", "deconfound_aspect")}
    return {"base": replace(served_recipe, aug=old_aug, epochs=60), "dc128": served_recipe,
            "dc160": replace(served_recipe, size=160)}


def score_candidate(name: str, index: int) -> dict:
    """Trains (or reads back from ml/.cache) one candidate network and prints its plain and shifted validation
    accuracy. The test part is not scored."""
    task = ct_candidates()[name]
    torch.set_num_threads(THREADS)
    parts = load_parts(task)
    model, history = member(task, index, parts, task.epochs)
    x_val, y_val, _ = parts["val"]
    net = served([model], task)
    result = {"candidate": name, "member": index, "seed": SEED + index, "val_acc": accuracy(net, x_val, y_val),
              "shifted_val_acc": stress_accuracy(net, stress_views(parts), y_val),
              "train_seconds": round(sum(r["seconds"] for r in history), 1)}
    print(json.dumps(result), flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("model", choices=[*TASKS, "all"])
    parser.add_argument("--quick", action="store_true", help="one epoch: a placeholder with the right contract, not a model")
    parser.add_argument("--out", default=str(D.REPO / "server" / "models"))
    parser.add_argument("--cv", type=int, default=0, help="k-fold cross-validation on train+validation only (no export, no test)")
    parser.add_argument("--size", type=int, default=0, help="input size instead of the task's (for comparisons with --cv)")
    parser.add_argument("--member", type=int, default=-1, help="train one ensemble member into ml/.cache only (members can train in parallel processes)")
    parser.add_argument("--candidate", choices=["base", "dc128", "dc160"], help="chest_ct: score one of decision 015's candidates on plain and shifted validation (with --member, default 0)")
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
