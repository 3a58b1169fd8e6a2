"""What each tabular model is trained on: data sets, form fields, encodings.

Everything here is in the FORM's units and codes (docs/product.md#test-forms). The loaders turn each
data set's own coding into the form's, so the served ONNX graph takes exactly what the form sends. The shapes are
in spec_types.py, the data sets and their loaders in loaders.py, the form fields in fields.py.
"""
from __future__ import annotations

from dataclasses import replace

from fields import CARDIO_FIELDS, DIABETES_FIELDS, HEART_FIELDS, LIVER_FIELDS
from loaders import (
    CARDIO_DATA,
    DIABETES_DATA,
    HEART_DATA,
    LIVER_DATA,
    load_cardio,
    load_diabetes,
    load_heart,
    load_liver,
)
from spec_types import ModelSpec, Variant, plain, with_encoding

# --------------------------------------------------------------------------------------------------------------------
# The four models
# --------------------------------------------------------------------------------------------------------------------

COMMON_LIMITS = (
    "Not a diagnosis: a statistical estimate from a small research data set; it cannot replace a clinician's "
    "assessment.",
    "The probability reflects the data set's own case mix and prevalence, which is far higher than in the general "
    "public: for a person from the general population the real risk is usually lower than shown.",
    "Inputs outside the training range are extrapolated linearly by the model; the form's validation ranges keep "
    "inputs plausible but cannot make them represented in the data.",
)


def _heart_threshold():
    return {"rule": "cost", "cost_fn": 5.0, "cost_fp": 1.0}


SPECS: dict[str, ModelSpec] = {}


def register(spec: ModelSpec) -> None:
    SPECS[spec.test] = spec


register(
    ModelSpec(
        test="heart",
        title="Heart disease",
        dataset=HEART_DATA,
        fields=HEART_FIELDS,
        load=load_heart,
        C=0.1,
        cv_splits=10,
        cv_repeats=5,
        outcome_label="heart disease present (angiographic)",
        threshold_rule=_heart_threshold(),
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression, every input as a number (codes too), standardised (the textbook baseline)",
                fields=plain(HEART_FIELDS),
                C=1.0,
            ),
            Variant("lr_C1", "Chosen encoding with weaker regularisation", C=1.0),
            Variant(
                "lr_spline",
                "Chosen encoding + piecewise-linear age, bp, cholesterol, max_hr, st_depression",
                fields=with_encoding(
                    HEART_FIELDS,
                    **{k: {"basis": "spline"} for k in ("age", "bp", "cholesterol", "max_hr", "st_depression")},
                ),
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs", family="hgb"),
        ),
        choice_reason=(
            "Nominal codes (chest pain, EKG, slope, thallium) are one-hot; the number of vessels stays a count. C"
            " = 0.1 rather than 1: the same AUC within noise with a better Brier score and steadier weights on "
            "270 rows. Piecewise-linear terms added nothing."
        ),
        limitations=COMMON_LIMITS
        + (
            "270 patients referred for angiography in Cleveland (1980s): a hospital cohort, not the general public; "
            "44 % had disease.",
            "Half of the inputs (ST depression, slope, vessels by fluoroscopy, thallium) come from stress tests and "
            "angiography that a member of the public will not have.",
        ),
        golden_rows=(0, 1, 2, 3),
        golden_extra=(
            {
                "age": 45,
                "sex": 0,
                "chest_pain_type": 3,
                "bp": 120,
                "cholesterol": 200,
                "fbs_over_120": 0,
                "ekg_results": 0,
                "max_hr": 170,
                "exercise_angina": 0,
                "st_depression": 0.0,
                "slope_of_st": 1,
                "number_of_vessels_fluro": 0,
                "thallium": 0,
            },
        ),
    )
)

register(
    ModelSpec(
        test="diabetes",
        title="Diabetes",
        dataset=DIABETES_DATA,
        fields=DIABETES_FIELDS,
        load=load_diabetes,
        C=1.0,
        cv_splits=10,
        cv_repeats=5,
        outcome_label="diabetes (WHO criteria, within 5 years of the exam in the original study)",
        threshold_rule={"rule": "sensitivity", "target": 0.80},
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression on the raw inputs, zeros left as zeros (the textbook baseline)",
                fields=tuple(replace(f, missing=None, indicator=False) for f in plain(DIABETES_FIELDS)),
                C=1.0,
            ),
            Variant(
                "lr_linear",
                "Zeros imputed (training median), every input linear: no piecewise-linear Age and BMI",
                fields=with_encoding(DIABETES_FIELDS, Age={"basis": "linear"}, BMI={"basis": "linear"}),
            ),
            Variant(
                "lr_indicators",
                "Chosen encoding + missing indicators for SkinThickness and Insulin",
                fields=with_encoding(DIABETES_FIELDS, SkinThickness={"indicator": True}, Insulin={"indicator": True}),
            ),
            Variant(
                "lr_spline4",
                "Chosen encoding + piecewise-linear Glucose and DiabetesPedigreeFunction too",
                fields=with_encoding(
                    DIABETES_FIELDS, **{k: {"basis": "spline"} for k in ("Glucose", "DiabetesPedigreeFunction")}
                ),
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs (zeros as missing)", family="hgb"),
        ),
        choice_reason=(
            "Zeros are imputed with the training median (the raw zeros cost AUC, see lr_plain). Age and BMI are "
            "piecewise linear: in this cohort the risk climbs steeply through the twenties and thirties and not "
            "after about 40, which a straight line misses. Missing indicators did not help beyond noise, so the "
            "simpler model is served."
        ),
        limitations=COMMON_LIMITS
        + (
            "768 women of Pima heritage aged 21 or more near Phoenix, Arizona (1980s), a population with a very high "
            "rate "
            "of type 2 diabetes: the model does not transfer to men, children or other populations without "
            "re-validation.",
            "Insulin and skin-fold thickness were missing for about half and a third of the women; the model imputes "
            "them, so leaving them out (sending 0) costs little accuracy but the estimate leans on glucose, BMI and "
            "age.",
        ),
        golden_rows=(0, 1, 2, 3),
        golden_extra=(
            {
                "Pregnancies": 2,
                "Glucose": 0,
                "BloodPressure": 0,
                "SkinThickness": 0,
                "Insulin": 0,
                "BMI": 0,
                "DiabetesPedigreeFunction": 0.4,
                "Age": 35,
            },
        ),
    )
)

register(
    ModelSpec(
        test="cardio",
        title="Cardiovascular disease",
        dataset=CARDIO_DATA,
        fields=CARDIO_FIELDS,
        load=load_cardio,
        C=1.0,
        cv_splits=5,
        cv_repeats=2,
        outcome_label="cardiovascular disease present at the examination",
        inner_folds=0,
        recalibrate=True,
        threshold_rule={"rule": "sensitivity", "target": 0.80},
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression, every input linear, standardised (the textbook baseline)",
                fields=plain(CARDIO_FIELDS),
                C=1.0,
            ),
            Variant(
                "lr_linear",
                "Chosen encoding but AGE, HEIGHT, WEIGHT, AP_HIGH, AP_LOW linear (no hinges)",
                fields=with_encoding(
                    CARDIO_FIELDS, **{k: {"basis": "linear"} for k in ("AGE", "HEIGHT", "WEIGHT", "AP_HIGH", "AP_LOW")}
                ),
            ),
            Variant(
                "hgb_additive",
                "HistGradientBoosting with stumps (one split per tree): an additive model too, a "
                "check on how much the piecewise-linear fit leaves",
                family="hgb_stumps",
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs (learns interactions)", family="hgb"),
        ),
        choice_reason=(
            "Age, height, weight and both blood pressures are piecewise linear (knots at the 10/25/50/75/90 % "
            "quantiles): clearly better than straight lines (lr_linear). An additive boosted-stump model lands on"
            " the same AUC, so the additive fit is not leaving much; the remaining gap to full gradient boosting "
            "comes from interactions between inputs, which the served model gives up for exact per-field "
            "explanations."
        ),
        limitations=COMMON_LIMITS
        + (
            "Kaggle data of unknown origin and licence (70,000 medical-exam records); the exact definition of the "
            "'cardio' outcome is not published.",
            "Cholesterol and glucose are only coarse bands (normal / above / well above normal), and smoking, alcohol "
            "and "
            "activity were self-reported.",
            "The data set holds ages 29-64 only.",
        ),
        golden_rows=(1, 2, 3, 4),  # row 0 equals the form's defaults, which are the hand-written record
        golden_extra=(
            {
                "AGE": 50,
                "GENDER": 2,
                "HEIGHT": 168,
                "WEIGHT": 62,
                "AP_HIGH": 110,
                "AP_LOW": 80,
                "CHOLESTEROL": 1,
                "GLUCOSE": 1,
                "SMOKE": 0,
                "ALCOHOL": 0,
                "PHYSICAL_ACTIVITY": 1,
            },
        ),
    )
)

register(
    ModelSpec(
        test="liver",
        title="Liver disease",
        dataset=LIVER_DATA,
        fields=LIVER_FIELDS,
        load=load_liver,
        C=0.1,
        cv_splits=10,
        cv_repeats=5,
        outcome_label="liver patient (as labelled by the data set's donors)",
        threshold_rule={"rule": "sensitivity", "target": 0.80},
        variants=(
            Variant(
                "lr_plain",
                "Logistic regression, every input linear, standardised (the textbook baseline)",
                fields=plain(LIVER_FIELDS),
                C=1.0,
            ),
            Variant("lr_log_C1", "Chosen encoding with weaker regularisation", C=1.0),
            Variant(
                "lr_log_spline",
                "Chosen encoding + piecewise-linear log enzymes and Age",
                fields=with_encoding(
                    LIVER_FIELDS,
                    **{
                        k: {"basis": "spline"}
                        for k in (
                            "Age",
                            "Total_Bilirubin",
                            "Alkaline_Phosphotase",
                            "Alamine_Aminotransferase",
                            "Aspartate_Aminotransferase",
                        )
                    },
                ),
            ),
            Variant("hgb", "HistGradientBoosting on the raw form inputs", family="hgb"),
        ),
        choice_reason=(
            "Bilirubins and enzymes enter as log(1 + x) (they span two to three orders of magnitude). C = 0.1: "
            "the same AUC as C = 1 within noise, but with C = 1 the collinear inputs (total vs direct bilirubin; "
            "total protein, albumin and A/G ratio) take unstable weights of opposite signs, which would make the "
            "explanations misleading."
        ),
        limitations=COMMON_LIMITS
        + (
            "583 people from north-east Andhra Pradesh, India; 71 % are labelled liver patients, and how the 'not a "
            "patient' group was chosen is not published.",
            "The label is the donors' patient / non-patient split, not a specific liver disease.",
        ),
        golden_rows=(0, 1, 2, 3),
        golden_extra=(
            {
                "Age": 40,
                "Gender": 0,
                "Total_Bilirubin": 0.8,
                "Direct_Bilirubin": 0.2,
                "Alkaline_Phosphotase": 190,
                "Alamine_Aminotransferase": 25,
                "Aspartate_Aminotransferase": 28,
                "Total_Protiens": 7.0,
                "Albumin": 4.0,
                "Albumin_and_Globulin_Ratio": float("nan"),
            },
        ),
    )
)
