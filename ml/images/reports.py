"""Reports: what a training run writes beside the model (the ONNX export, golden pictures) and the task-specific
measurements in its card (fundus's colour confound, the gate's held-out refusals)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
from net import SmallResNet  # noqa: E402
from tasks import Task  # noqa: E402
from training import predict, served  # noqa: E402


def natural_photos(size: int) -> tuple[torch.Tensor, list[str]]:
    """scikit-learn's two sample photographs (a temple, a flower) and nine crops of each: ordinary photos, never
    trained on."""
    from sklearn.datasets import load_sample_images

    arrays, names = [], []
    for path, image in zip(load_sample_images().filenames, load_sample_images().images):
        pil = Image.fromarray(image)
        w, h = pil.size
        boxes = [(0, 0, w, h)] + [
            (x, y, x + h // 2, y + h // 2) for x in (0, w // 3, w - h // 2) for y in (0, h // 4, h // 2)
        ]
        for i, box in enumerate(boxes):
            arrays.append(D.to_array(pil.crop(box), size))
            names.append(f"{Path(path).name}#{i}")
    return torch.from_numpy(np.stack(arrays)), names


def export(model: SmallResNet | list[SmallResNet], task: Task, path: Path, with_cam: bool) -> None:
    wrapped = served(model, task)
    dummy = torch.rand(1, 3, task.size, task.size)
    outputs = ["probabilities", "cam"] if with_cam else ["probabilities"]
    torch.onnx.export(
        wrapped,
        dummy,
        str(path),
        input_names=["image"],
        output_names=outputs,
        opset_version=13,
        dynamic_axes={"image": {0: "n"}, **{o: {0: "n"} for o in outputs}},
        do_constant_folding=True,
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
        centre = f[:, :, s // 4 : 3 * s // 4, s // 4 : 3 * s // 4]
        border = torch.cat([f[:, :, : s // 8].flatten(2), f[:, :, -s // 8 :].flatten(2)], 2)
        feats = [
            f.mean((2, 3)),
            f.std((2, 3)),
            centre.mean((2, 3)),
            border.mean(2),
            (f.mean(1) < 0.05).float().mean((1, 2)).unsqueeze(1),
        ]
        return torch.cat(feats, 1).numpy()

    (xtr, ytr, _), (xte, yte, items) = parts["train"], parts["test"]
    probe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)).fit(stats(xtr), ytr)
    probe_acc = float(np.mean(probe.predict(stats(xte)) == yte))
    pred = probs.argmax(1)
    by_source = {}
    for source in sorted({D.fundus_source(i.path.name) for i in items}):
        mask = np.array([D.fundus_source(i.path.name) == source for i in items])
        counts = {D.FUNDUS_CLASSES[c]: int(np.sum(yte[mask] == c)) for c in range(4) if np.sum(yte[mask] == c)}
        by_source[source] = {
            "n": int(mask.sum()),
            "classes": counts,
            "cnn_accuracy": round(float(np.mean(pred[mask] == yte[mask])), 4),
        }
    glaucoma_normal = np.isin(yte, [2, 3])
    return {
        "colour_statistics_probe_accuracy": round(probe_acc, 4),
        "colour_statistics_probe": "logistic regression on 19 numbers per image (channel means and spreads, centre "
        "and border means, share of black pixels); chance is about 0.25",
        "cnn_accuracy_by_file_name_source": by_source,
        "reading": "Diabetic-retinopathy and normal photos come only from the numbered left/right "
        "(ODIR/EyePACS-style) files; "
        "a high probe accuracy means colour and framing alone give the class away, so part of the CNN's accuracy can "
        "be the camera, not the disease.",
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
        others = {
            kinds[j] if j < 3 else "synthetic": float(np.mean(probs[y == j, k] < threshold)) for j in range(4) if j != k
        }
        accept[kind] = {
            "own_test_images_accepted": round(float(np.mean(own)), 4),
            "n_own": int(np.sum(y == k)),
            "refused_share_by_other_kind": {a: round(b, 4) for a, b in others.items()},
        }
    photos, names = natural_photos(task.size)
    p = predict(model, photos)
    accept["natural_photographs"] = {
        "n": len(names),
        "refused_by_every_test": round(float(np.mean((p[:, :3] < threshold).all(1))), 4),
        "called": {n: task.classes[int(i)] for n, i in zip(names, p.argmax(1))},
    }
    report["held_out"] = accept
    return report
