"""Feature-encoding tests: /usr/bin/python3 -m unittest discover -s ml   (no pytest needed).

Tests that read the real data sets skip themselves when ML_DATA_DIR holds no data.
"""
import math
import unittest

import numpy as np
import pandas as pd

from encoding import AdditiveEncoder, contributions, make_lr
from fields import CARDIO_FIELDS, DIABETES_FIELDS
from loaders import cardio_age_years, cardio_plausible, liver_gender_to_form, statlog_thal_to_form
from spec_types import data_dir
from specs import SPECS

FORM_KEYS = {
    "heart": [
        "age",
        "sex",
        "chest_pain_type",
        "bp",
        "cholesterol",
        "fbs_over_120",
        "ekg_results",
        "max_hr",
        "exercise_angina",
        "st_depression",
        "slope_of_st",
        "number_of_vessels_fluro",
        "thallium",
    ],
    "diabetes": [
        "Pregnancies",
        "Glucose",
        "BloodPressure",
        "SkinThickness",
        "Insulin",
        "BMI",
        "DiabetesPedigreeFunction",
        "Age",
    ],
    "cardio": [
        "AGE",
        "GENDER",
        "HEIGHT",
        "WEIGHT",
        "AP_HIGH",
        "AP_LOW",
        "CHOLESTEROL",
        "GLUCOSE",
        "SMOKE",
        "ALCOHOL",
        "PHYSICAL_ACTIVITY",
    ],
    "liver": [
        "Age",
        "Gender",
        "Total_Bilirubin",
        "Direct_Bilirubin",
        "Alkaline_Phosphotase",
        "Alamine_Aminotransferase",
        "Aspartate_Aminotransferase",
        "Total_Protiens",
        "Albumin",
        "Albumin_and_Globulin_Ratio",
    ],
}


def has_data(spec_name: str) -> bool:
    return (data_dir() / SPECS[spec_name].dataset.file).exists()


class FormContract(unittest.TestCase):
    def test_input_keys_and_order_are_the_forms(self):
        for test, keys in FORM_KEYS.items():
            self.assertEqual(SPECS[test].keys, keys, test)

    def test_spec_codes(self):
        heart = {f.key: f for f in SPECS["heart"].fields}
        self.assertEqual([c for c, _ in heart["thallium"].codes], [0, 1, 2])
        self.assertEqual([c for c, _ in heart["chest_pain_type"].codes], [1, 2, 3, 4])
        self.assertEqual([c for c, _ in heart["slope_of_st"].codes], [1, 2, 3])
        self.assertEqual(dict(heart["sex"].codes), {0: "Female", 1: "Male"})
        liver = {f.key: f for f in SPECS["liver"].fields}
        self.assertEqual(dict(liver["Gender"].codes), {0: "Female", 1: "Male"})
        cardio = {f.key: f for f in SPECS["cardio"].fields}
        self.assertEqual(dict(cardio["GENDER"].codes), {1: "Female", 2: "Male"})


class HeartThallium(unittest.TestCase):
    def test_statlog_3_6_7_become_form_0_1_2(self):
        np.testing.assert_array_equal(statlog_thal_to_form([3, 6, 7, 3]), [0, 1, 2, 0])

    def test_unknown_code_is_an_error(self):
        with self.assertRaises(ValueError):
            statlog_thal_to_form([3, 0])

    @unittest.skipUnless(has_data("heart"), "no heart data in ML_DATA_DIR")
    def test_loaded_data_uses_form_codes(self):
        X = SPECS["heart"].load(data_dir()).X
        self.assertEqual(X["thallium"].value_counts().to_dict(), {0: 152, 2: 104, 1: 14})
        self.assertTrue(set(X["chest_pain_type"]) <= {1, 2, 3, 4})
        self.assertTrue(set(X["slope_of_st"]) <= {1, 2, 3})
        self.assertTrue(set(X["ekg_results"]) <= {0, 1, 2})
        self.assertTrue(set(X["sex"]) <= {0, 1})


class CardioUnits(unittest.TestCase):
    def test_age_days_to_completed_years(self):
        np.testing.assert_array_equal(cardio_age_years([18393, 50 * 365.25, 50 * 365.25 - 1, 10798]), [50, 50, 49, 29])

    def test_plausibility_filter(self):
        df = pd.DataFrame(
            {
                "ap_hi": [120, 16020, -150, 120, 80, 250, 120, 120],
                "ap_lo": [80, 80, 80, 120, 60, 160, 30, 80],
                "height": [168, 168, 168, 168, 168, 168, 168, 250],
                "weight": [62, 62, 62, 62, 62, 62, 62, 62],
            }
        )
        self.assertEqual(cardio_plausible(df).tolist(), [True, False, False, False, True, True, False, False])

    @unittest.skipUnless(has_data("cardio"), "no cardio data in ML_DATA_DIR")
    def test_loaded_data_in_form_units(self):
        loaded = SPECS["cardio"].load(data_dir())
        X = loaded.X
        self.assertEqual(loaded.rows["read"], 70000)
        self.assertEqual(loaded.rows["kept"], len(X))
        self.assertGreater(len(X), 68000)
        self.assertTrue((X["AGE"] == X["AGE"].round()).all())
        self.assertTrue(X["AGE"].between(29, 65).all())  # years, not days
        self.assertTrue((X["AP_LOW"] < X["AP_HIGH"]).all())
        self.assertTrue(set(X["GENDER"]) == {1, 2})
        # gender 2 is male: taller on average
        self.assertGreater(X.loc[X["GENDER"] == 2, "HEIGHT"].mean(), X.loc[X["GENDER"] == 1, "HEIGHT"].mean() + 5)


class PimaZeros(unittest.TestCase):
    def setUp(self):
        # Pregnancies 0 is a real value; Glucose 0 and NaN mean "not measured"
        self.X = np.array(
            [
                [0, 100, 70, 20, 0, 30.0, 0.5, 30],
                [2, 0, 80, 0, 100, 0.0, 0.4, 40],
                [4, 140, 0, 30, 200, 35.0, 0.3, 50],
                [6, 160, 90, 40, 300, 40.0, 0.2, 60],
                [1, np.nan, 60, 25, 150, 25.0, 0.1, 25],
            ],
            dtype=float,
        )
        self.enc = AdditiveEncoder(DIABETES_FIELDS).fit(self.X)

    def test_median_ignores_zeros_and_nans(self):
        glucose = DIABETES_FIELDS[1]
        self.assertEqual(glucose.key, "Glucose")
        self.assertEqual(self.enc.states_[1]["median"], 140.0)  # median of 100, 140, 160
        self.assertEqual(self.enc.states_[4]["median"], 175.0)  # Insulin: 100, 200, 300, 150

    def test_zero_and_nan_are_imputed_pregnancies_zero_is_not(self):
        design = self.enc.design(np.array([[0, 0, 0, 0, 0, 0, 0.4, 30], [0, np.nan, 70, 20, 150, 30, 0.4, 30]]))
        names = self.enc.names_
        self.assertEqual(design[0, names.index("Pregnancies")], 0.0)
        self.assertEqual(design[0, names.index("Glucose")], 140.0)
        self.assertEqual(design[1, names.index("Glucose")], 140.0)
        self.assertEqual(design[0, names.index("BMI")], self.enc.states_[5]["median"])

    def test_medians_come_from_training_rows_only(self):
        other = AdditiveEncoder(DIABETES_FIELDS).fit(self.X[:2])
        self.assertEqual(other.states_[1]["median"], 100.0)

    @unittest.skipUnless(has_data("diabetes"), "no diabetes data in ML_DATA_DIR")
    def test_loaded_data_keeps_zeros_for_the_graph(self):
        loaded = SPECS["diabetes"].load(data_dir())
        self.assertEqual(loaded.rows["zeros_meaning_not_measured"]["Insulin"], 374)
        self.assertEqual(int((loaded.X["Insulin"] == 0).sum()), 374)


class Liver(unittest.TestCase):
    def test_gender_text_to_form_code(self):
        np.testing.assert_array_equal(liver_gender_to_form(["Male", "Female", "Male"]), [1, 0, 1])
        with self.assertRaises(ValueError):
            liver_gender_to_form(["male"])

    @unittest.skipUnless(has_data("liver"), "no liver data in ML_DATA_DIR")
    def test_target_1_is_patient(self):
        loaded = SPECS["liver"].load(data_dir())
        self.assertEqual(int(loaded.y.sum()), 416)
        self.assertEqual(int(loaded.X["Albumin_and_Globulin_Ratio"].isna().sum()), 4)


class Additivity(unittest.TestCase):
    def test_contributions_add_up_to_the_logit(self):
        rng = np.random.default_rng(0)
        n = 400
        X = np.column_stack(
            [
                rng.integers(30, 65, n),
                rng.integers(1, 3, n),
                rng.normal(165, 8, n),
                rng.normal(75, 12, n),
                rng.integers(100, 180, n),
                rng.integers(60, 100, n),
                rng.integers(1, 4, n),
                rng.integers(1, 4, n),
                rng.integers(0, 2, n),
                rng.integers(0, 2, n),
                rng.integers(0, 2, n),
            ]
        ).astype(float)
        y = (X[:, 4] + rng.normal(0, 20, n) > 140).astype(int)
        model = make_lr(CARDIO_FIELDS, 1.0).fit(X, y)
        contrib, bias = contributions(model, X)
        self.assertEqual(contrib.shape, (n, len(CARDIO_FIELDS)))
        logit = model.decision_function(X)
        np.testing.assert_allclose(bias + contrib.sum(axis=1), logit, atol=1e-10)
        # one-hot codes: the columns of a field all land in that field's contribution
        self.assertTrue(all(0 <= o < len(CARDIO_FIELDS) for o in model.named_steps["enc"].owner_))
        # the average patient's contributions are ~0 on average
        self.assertTrue(np.all(np.abs(contrib.mean(axis=0)) < 1e-9))
        self.assertFalse(math.isnan(bias))


if __name__ == "__main__":
    unittest.main()
