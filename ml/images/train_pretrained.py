"""Image models on a pretrained backbone (decision 031): linear heads on InceptionV3's intermediate blocks, chosen by
cross-validation that near-copies cannot inflate, exported as one ONNX graph each (backbone, head and class maps).

    /usr/bin/python3 ml/images/train_pretrained.py chest_ct|skin|fundus|all

Rules, fixed before any test picture was scored:
- Candidates: the block(s) whose pooled features feed the head, the regularisation C, and (chest CT) per-image
  normalisation. Skin pictures always pass through shades-of-grey colour constancy (see the skin card's history). The candidate with the best grouped cross-validation figure wins (chest CT: accuracy on the folds of
  decision 016's choosing half; skin: balanced accuracy; fundus: accuracy); ties go to the shallower backbone, then
  the stronger regularisation.
- Triage thresholds are chosen on out-of-fold predictions (never on a picture the head learnt from): the refer
  threshold for the task's target sensitivity, and for skin a melanoma threshold for sensitivity >= 0.90.
- The test part (chest CT: decision 016's reporting half) is scored once per served model and disclosed in the card.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import torch
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402
import features as Fe  # noqa: E402
import heads as H  # noqa: E402
from backbone import REPO, SOURCE  # noqa: E402
from metrics import evaluate  # noqa: E402
from pretrained_card import write_card_md  # noqa: E402
from pretrained_heads import (  # noqa: E402
    Served,
    design,
    folded,
    oof,
    parts,
    pixel_baseline,
    score,
    triage_choice,
)
from pretrained_specs import BLOCK_SETS, CS, DEPTH, MODELS, PREPROCESS_WORDS, SEED, SPECS, Spec  # noqa: E402
from tasks import THREADS  # noqa: E402


def run(spec: Spec, out_root: Path) -> dict:
    started = time.time()
    torch.manual_seed(SEED)
    classes = {"chest_ct": D.CT_CLASSES, "skin": D.SKIN_CLASSES, "fundus": D.FUNDUS_CLASSES}[spec.id]
    data = {mode: Fe.extract(spec.id, mode) for mode in spec.modes}
    d0 = data[spec.modes[0]]
    thumbs = H.thumbnails(list(d0["rel"]))
    p = parts(spec, d0, thumbs)
    y = p["y"]
    print(
        f"[{spec.id}] pool {len(p['pool'])}, choosing {len(p['choosing'])}, test {len(p['test'])}; "
        f"near-copy pairs {p['near_copy_pairs']}",
        flush=True,
    )
    candidates, predictions = [], []
    for mode in spec.modes:
        for blocks in BLOCK_SETS:
            x = design(data[mode], blocks)
            for c in CS:
                idx, probs = oof(x, p, c, spec.balanced)
                candidates.append(
                    {
                        "preprocess": mode,
                        "blocks": list(blocks),
                        "C": c,
                        spec.criterion: round(score(spec, y[idx], probs), 4),
                    }
                )
                predictions.append((idx, probs))
                print(f"[{spec.id}] {candidates[-1]}", flush=True)
    chosen = max(
        range(len(candidates)),
        key=lambda i: (
            candidates[i][spec.criterion],
            -max(DEPTH[b] for b in candidates[i]["blocks"]),
            -len(candidates[i]["blocks"]),
            -candidates[i]["C"],
        ),
    )
    best, (idx, probs) = candidates[chosen], predictions[chosen]
    mode, blocks, c = best["preprocess"], tuple(best["blocks"]), best["C"]
    x = design(data[mode], blocks)
    where = (
        "out-of-fold predictions on decision 016's choosing half (grouped 5-fold, each head also trained on train "
        "+ valid)"
        if spec.id == "chest_ct"
        else "out-of-fold predictions on the training part (grouped 5-fold)"
    )
    choice = triage_choice(spec, classes, y[idx], probs, where)
    cv = evaluate(y[idx], probs, classes, seed=SEED)
    train = np.concatenate([p["pool"], p["choosing"]])
    head = H.fit(x[train], y[train], c, spec.balanced)
    weight, bias = folded(head)
    model = Served(blocks, mode, weight, bias).eval()

    test = p["test"]
    test_items = [D.Item(D.data_dir() / r, int(l), "") for r, l in zip(d0["rel"][test], y[test])]
    x_test = D.load(test_items, Fe.SIZE)
    with torch.no_grad():
        test_probs = np.concatenate(
            [model(x_test[i : i + 16].float() / 255)[0].numpy() for i in range(0, len(test), 16)]
        )
    head_probs = H.predict(head, x[test])
    parity = float(np.abs(test_probs - head_probs).max())
    print(f"[{spec.id}] chosen {best}; served graph vs head on test features: max |dp| {parity:.2e}", flush=True)
    if parity > 1e-3:
        raise SystemExit(f"[{spec.id}] served graph disagrees with the head ({parity})")
    evaluation = evaluate(y[test], test_probs, classes, seed=SEED)
    evaluation["test_set"] = (
        "decision 016's reporting half of the official test split"
        if spec.id == "chest_ct"
        else "the official test split"
        if spec.id == "skin"
        else "the patient-level test part"
    )

    out = out_root / spec.id
    (out / "golden").mkdir(parents=True, exist_ok=True)
    picks = [int(np.flatnonzero(y[test] == k)[0]) for k in np.unique(y[test])[:4]]
    golden = []
    for j, i in enumerate(picks):
        Image.fromarray(x_test[i].numpy().transpose(1, 2, 0)).save(out / "golden" / f"{j}.png", optimize=True)
        golden.append(
            {
                "file": f"golden/{j}.png",
                "source": str(d0["rel"][test][i]),
                "probabilities": [round(float(v), 7) for v in test_probs[i]],
            }
        )
    torch.onnx.export(
        model,
        torch.rand(1, 3, Fe.SIZE, Fe.SIZE),
        str(out / "model.onnx"),
        input_names=["image"],
        output_names=["probabilities", "cam"],
        opset_version=13,
        do_constant_folding=True,
        dynamic_axes={"image": {0: "n"}, "probabilities": {0: "n"}, "cam": {0: "n"}},
    )
    digest = hashlib.sha256((out / "model.onnx").read_bytes()).hexdigest()[:10]
    with torch.no_grad():
        first = x_test[picks[:1]].float() / 255
        pooled = model.net(Fe.PREPROCESS[mode](first))
        pooled = (torch.cat(pooled, 1) if model.multi else pooled).mean(dim=(2, 3))[0].numpy()
    card = {
        "id": spec.id,
        "version": f"{spec.id}-inception-{digest}",
        "title": spec.title,
        "kind": "image",
        "reproduce": f"/usr/bin/python3 ml/images/train_pretrained.py {spec.id}",
        "quick_placeholder": False,
        "classes": [{"key": k, "label": l} for k, l in zip(classes, spec.labels)],
        "input": {
            "name": "image",
            "size": Fe.SIZE,
            "layout": "NCHW",
            "channels": "RGB",
            "range": [0, 1],
            "resize": "fill, bilinear",
        },
        "outputs": {"probabilities": "probabilities", "cam": "cam", "cam_size": 17},
        "architecture": {
            "name": f"InceptionV3 up to {' + '.join(blocks)} (pretrained, frozen), global average pooling, "
            f"{PREPROCESS_WORDS[mode]}one linear layer; class activation maps from the "
            "head's weights over the same maps",
            "pretrained": SOURCE,
            "blocks": list(blocks),
            "preprocess": mode,
            "parameters": int(sum(t.numel() for t in model.state_dict().values())),
        },
        "training": {
            "seed": SEED,
            "head": f"L2 logistic regression, C = {c}{', classes weighted equally' if spec.balanced else ''}",
            "rule": __doc__.split("Rules, fixed before any test picture was scored:")[1].strip(),
            "candidates": candidates,
            "chosen": best,
            "seconds": round(time.time() - started),
            "history": spec.history,
            "rebuild_check": {
                "golden": "golden/0.png",
                "pooled_first_16": [round(float(v), 6) for v in pooled[:16]],
                "pooled_mean": round(float(pooled.mean()), 6),
            },
        },
        "validation": {
            "near_copies": f"32 x 32 grey thumbnails correlating above {H.NEAR_COPY} are one group "
            f"({p['near_copy_pairs']} pairs); {p['dropped_copies_of_test']} training pictures that are "
            "near-copies of test pictures were left out"
            + (
                f", and {p['dropped_choosing_copies_of_reporting']} choosing-half pictures that are "
                "near-copies of reporting-half pictures"
                if spec.id == "chest_ct"
                else ""
            ),
            "cross_validation": {k: cv[k] for k in ("n_test", "accuracy", "balanced_accuracy", "macro_roc_auc")},
            "pixel_baseline": pixel_baseline(thumbs, p),
        },
        "triage_choice": choice,
        "dataset": {**(spec.dataset or {}), "read_from": "ML_DATA_DIR (default ../shared/datasets), images/"},
        "evaluation": evaluation,
        "golden": golden,
    }
    (out / "card.json").write_text(json.dumps(card, indent=2) + "\n")
    write_card_md(card, out / "CARD.md")
    print(
        f"[{spec.id}] test: accuracy {evaluation['accuracy']:.3f}, balanced {evaluation['balanced_accuracy']:.3f}; "
        f"triage {choice}",
        flush=True,
    )
    return card


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("task", choices=[*SPECS, "all"])
    args = parser.parse_args()
    torch.set_num_threads(THREADS)
    for name in list(SPECS) if args.task == "all" else [args.task]:
        tmp = Path(tempfile.mkdtemp(prefix=f"{name}-"))
        run(SPECS[name], tmp)
        target = MODELS / name
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(tmp / name), str(target))
        print(f"[{name}] written to {target.relative_to(REPO)}", flush=True)


if __name__ == "__main__":
    main()
