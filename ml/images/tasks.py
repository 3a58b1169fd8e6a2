"""Task settings of the image models: one Task per model (size, epochs, augmentation, members, notes for its card),
and decision 015's chest-CT candidates. Changing a number here changes the recipe: each card records the one it was
trained with."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import data as D  # noqa: E402

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
        "fundus",
        "Fundus photograph: cataract, diabetic retinopathy, glaucoma or normal",
        D.FUNDUS_CLASSES,
        ["Cataract", "Diabetic retinopathy", "Glaucoma", "Normal"],
        epochs=45,
        tta_views=4,
        aug=dict(scale=(0.85, 1.0), rotate_deg=15, hflip=True, vflip=True, colour=0.1),
        history_note="An earlier run (112 px, 15 epochs, stronger augmentation, cut short for time on a loaded "
        "machine) "
        "was still underfitting (train 0.805, validation 0.795) and scored 0.763 on the test part; this run "
        "trains longer at 128 px with milder augmentation. A second run (32 epochs) reached validation 0.825 "
        "and test 0.856 and was still improving; this third run trains 45 epochs and averages four flipped "
        "views at inference. All runs are disclosed because the test part was scored for each.",
        dataset={
            "name": "Eye Diseases Classification (fundus; Kaggle, gunavenkatdoddi; compiled from ODIR-5K, IDRiD, HRF "
            "and others)",
            "licence": "unverified (said to be ODC-By; ODIR-5K is for research use)",
            "split": "by patient: <id>_left and <id>_right together, byte-identical files together; a fixed hash of "
            "the patient key puts 20 % in test, 10 % in validation; test file names in "
            "ml/images/splits/fundus_test.txt",
        },
    ),
    "chest_ct": Task(
        "chest_ct",
        "Chest CT slice: adenocarcinoma, large-cell carcinoma, squamous-cell carcinoma or normal",
        D.CT_CLASSES,
        ["Adenocarcinoma", "Large-cell carcinoma", "Squamous-cell carcinoma", "Normal"],
        epochs=80,
        members=2,
        shift_check=True,
        aug=dict(
            scale=(0.7, 1.0),
            rotate_deg=10,
            hflip=True,
            vflip=False,
            colour=0.15,
            brightness=0.5,
            gamma=0.4,
            deconfound_aspect=True,
        ),
        history_note="Two variants were scored on the official test split: this configuration (validation 0.892, test "
        "0.683 in its first run) and one with per-image intensity standardisation, aspect augmentation and "
        "stronger contrast jitter, meant for the measured brightness and shape differences between the "
        "official splits (test adenocarcinoma mean grey 54 vs 83 in train; aspect 1.35 vs 1.47): validation "
        "0.831, test 0.467. The first configuration is kept. The published test split is harder than "
        "validation for a model trained from scratch; pretrained models reach 0.92-0.95. A later run at 192 px "
        "(the next round) scored 0.740 on the test split (balanced 0.786, macro AUC 0.946) but was not kept: its "
        "validation accuracy was lower (0.877, one image), and 3-fold cross-validation (a comparison chosen "
        "after that test score was seen, before the folds were run) on train+validation preferred 128 px (0.909 "
        "against 0.853; "
        "ml/images/train.py chest_ct --cv 3 [--size 192]). The round after: three networks of this configuration "
        "(seeds SEED to SEED+2, one thread each; member 0 is the model above), averaged by the exported "
        "graph; rule fixed before training: the ensemble is served if its validation accuracy is at least "
        "member 0's alone, else the model above stays. Validation: members 0.923, 0.892, 0.862, ensemble "
        "0.908, so the model above stays (members=1). That run also scored the ensemble on the test split "
        "(accuracy 0.692, balanced 0.678, macro AUC 0.923); it is disclosed here and was not used. Member 0 "
        "(same recipe, seed and thread count as the served model) validated at 0.923, not 0.892: this "
        "machine's CPU kernels did not reproduce the served run bit for bit. The round after that (decision 015, rule "
        "written "
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
        " Decision 016 (the official test split halved once into a choosing half, 171, and a reporting half, 144): "
        "with class offsets fixed on validation and the choosing half, this model scored on the reporting half, once, "
        "accuracy 0.729 (0.651-0.795; 0.618 without the offsets) and cancer-vs-normal sensitivity 0.911 "
        "(0.848-0.950), specificity 1.000 (20 normals); the bar (0.80 and 0.95) is not met. Decision 022 (rule "
        "written before the runs were scored): preprocessing recipes inside the graph, one network each at 40 epochs "
        "on a shared 2-core CPU (torch 1.13.1), compared with this model by accuracy with offsets on validation plus "
        "the choosing half (this model 0.742, 175/236): per-image normalisation 0.559, the crop to the body's box "
        "with per-image normalisation 0.716, the crop alone as two networks 0.733 (cancer-vs-normal AUC 0.975). None "
        "beat this model, so it stays and no reporting-half figure was computed for them.",
        dataset={
            "name": "Chest CT-Scan images Dataset (Kaggle, mohamedhanyyy; Tianchi 93929)",
            "licence": "unverified (said to be ODbL 1.0)",
            "split": "official: trained on train (613), monitored on valid (72), reported on the official test split "
            "(315) only",
        },
    ),
    "skin": Task(
        "skin",
        "Dermoscopic image: nine ISIC lesion types",
        D.SKIN_CLASSES,
        [title_case(c) for c in D.SKIN_CLASSES],
        epochs=110,
        balanced=True,
        tta_views=4,
        widths=(32, 48, 96, 160, 256),
        members=2,
        history_note="Runs scored on the test split, all disclosed: 35 epochs (balanced accuracy 0.532, training "
        "accuracy "
        "still rising at 0.59); 45 epochs (0.509); the same with four flipped views at inference (0.516, "
        "validation accuracy 0.514, training 0.64: underfitting). Then a wider network (widths 32-256, "
        "1.56 M parameters): 70 epochs reached validation 0.575 (test balanced 0.544, AUC 0.881); this "
        "run trains it 110 epochs (training 0.81) and was kept, by the rule fixed before either was "
        "scored, because its validation accuracy was higher (0.603), although its test balanced accuracy "
        "is lower (0.535, accuracy 0.542). With 3 test images in two classes the balanced accuracy moves "
        "by several points by chance. A later round: two networks of that recipe from seeds SEED and SEED+1, "
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
            "split": "official: trained on train (2,239; 10 % of it held out for validation by a fixed hash), "
            "reported on the test split (118) only",
        },
    ),
    "image_gate": Task(
        "image_gate",
        "Image gate: fundus photo, chest CT, skin close-up, or something else",
        ["fundus", "chest_ct", "skin", "other"],
        ["Fundus photograph", "Chest CT", "Skin close-up", "Something else"],
        size=64,
        epochs=12,
        widths=(16, 24, 32, 64, 96),
        aug=dict(scale=(0.6, 1.0), rotate_deg=30, hflip=True, vflip=True, colour=0.3),
        dataset={
            "name": "the training parts of the three image sets above, plus synthetic pictures (ml/images/junk.py) as "
            "'other'",
            "split": "the fundus, CT and skin test parts above and synthetic pictures from another seed; natural "
            "photographs from scikit-learn's sample images (never trained on)",
        },
    ),
}


def ct_candidates() -> dict[str, Task]:
    """Decision 015's chest-CT candidates, one network each: the previously served recipe ('base'), and the
    served recipe (the de-confounding augmentation) at 128 px ('dc128') and at 160 px ('dc160')."""
    served_recipe = replace(TASKS["chest_ct"], members=1)
    old_aug = {k: v for k, v in served_recipe.aug.items() if k not in ("brightness", "gamma", "deconfound_aspect")}
    return {
        "base": replace(served_recipe, aug=old_aug, epochs=60),
        "dc128": served_recipe,
        "dc160": replace(served_recipe, size=160),
    }
