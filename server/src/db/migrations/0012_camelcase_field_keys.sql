-- Public field names became camelCase (docs/decisions/034-camelcase-public-fields.md): the assessments saved before
-- keep their values under the new keys. Renamed: the keys of `inputs` and of its `entered` object (values entered in
-- another unit), and in `result` each factor's `key`, each guideline finding's `fields` and the uncertainty's
-- `unknownFields`. One row per renamed key, as the forms' fields name them (`modelColumn` or `legacyKey` -> `key`),
-- plus the cardio guideline's derived BMI. Blood-test, kidney-stone and image rows already used camelCase keys.
WITH renames (test, old_key, new_key) AS (
  VALUES
    ('heart', 'chest_pain_type', 'chestPainType'),
    ('heart', 'fbs_over_120', 'fbsOver120'),
    ('heart', 'ekg_results', 'ekgResults'),
    ('heart', 'max_hr', 'maxHr'),
    ('heart', 'exercise_angina', 'exerciseAngina'),
    ('heart', 'st_depression', 'stDepression'),
    ('heart', 'slope_of_st', 'slopeOfSt'),
    ('heart', 'number_of_vessels_fluro', 'numberOfVesselsFluro'),
    ('diabetes', 'Pregnancies', 'pregnancies'),
    ('diabetes', 'Glucose', 'glucose'),
    ('diabetes', 'HbA1c', 'hba1c'),
    ('diabetes', 'BloodPressure', 'bloodPressure'),
    ('diabetes', 'SkinThickness', 'skinThickness'),
    ('diabetes', 'Insulin', 'insulin'),
    ('diabetes', 'BMI', 'bmi'),
    ('diabetes', 'DiabetesPedigreeFunction', 'diabetesPedigreeFunction'),
    ('diabetes', 'Age', 'age'),
    ('diabetes', 'Sex', 'sex'),
    ('diabetes', 'Waist', 'waist'),
    ('diabetes', 'FamilyHistory', 'familyHistory'),
    ('diabetes', 'ActivityLevel', 'activityLevel'),
    ('diabetes', 'Active30MinDaily', 'active30MinDaily'),
    ('diabetes', 'VegetablesDaily', 'vegetablesDaily'),
    ('diabetes', 'BloodPressureMedicine', 'bloodPressureMedicine'),
    ('diabetes', 'HighGlucoseEver', 'highGlucoseEver'),
    ('cardio', 'AGE', 'age'),
    ('cardio', 'GENDER', 'gender'),
    ('cardio', 'HEIGHT', 'height'),
    ('cardio', 'WEIGHT', 'weight'),
    ('cardio', 'AP_HIGH', 'apHigh'),
    ('cardio', 'AP_LOW', 'apLow'),
    ('cardio', 'CHOLESTEROL', 'cholesterol'),
    ('cardio', 'GLUCOSE', 'glucose'),
    ('cardio', 'SMOKE', 'smoke'),
    ('cardio', 'ALCOHOL', 'alcohol'),
    ('cardio', 'PHYSICAL_ACTIVITY', 'physicalActivity'),
    ('cardio', 'TOTAL_CHOLESTEROL', 'totalCholesterol'),
    ('cardio', 'HDL_CHOLESTEROL', 'hdlCholesterol'),
    ('cardio', 'DIABETES', 'diabetes'),
    ('cardio', 'BP_MEDICINE', 'bpMedicine'),
    ('liver', 'Age', 'age'),
    ('liver', 'Gender', 'gender'),
    ('liver', 'Total_Bilirubin', 'totalBilirubin'),
    ('liver', 'Direct_Bilirubin', 'directBilirubin'),
    ('liver', 'Alkaline_Phosphotase', 'alkalinePhosphatase'),
    ('liver', 'Alamine_Aminotransferase', 'alanineAminotransferase'),
    ('liver', 'Aspartate_Aminotransferase', 'aspartateAminotransferase'),
    ('liver', 'Total_Protiens', 'totalProteins'),
    ('liver', 'Albumin', 'albumin'),
    ('liver', 'Albumin_and_Globulin_Ratio', 'albuminGlobulinRatio'),
    ('cardio', 'BMI', 'bmi')
)
UPDATE "assessments" AS a
SET
  "inputs" = (
    SELECT COALESCE(
      jsonb_object_agg(
        COALESCE(r.new_key, i.key),
        CASE
          WHEN i.key = 'entered' AND jsonb_typeof(i.value) = 'object' THEN (
            SELECT COALESCE(jsonb_object_agg(COALESCE(re.new_key, e.key), e.value), '{}'::jsonb)
            FROM jsonb_each(i.value) AS e
            LEFT JOIN renames AS re ON re.test = a.test AND re.old_key = e.key
          )
          ELSE i.value
        END
      ),
      '{}'::jsonb
    )
    FROM jsonb_each(a.inputs) AS i
    LEFT JOIN renames AS r ON r.test = a.test AND r.old_key = i.key
  ),
  "result" = a.result
    || CASE
      WHEN jsonb_typeof(a.result -> 'factors') = 'array' THEN jsonb_build_object('factors', (
        SELECT COALESCE(
          jsonb_agg(
            CASE
              WHEN r.new_key IS NULL THEN f.value
              ELSE jsonb_set(f.value, '{key}', to_jsonb(r.new_key))
            END
            ORDER BY f.ord
          ),
          '[]'::jsonb
        )
        FROM jsonb_array_elements(a.result -> 'factors') WITH ORDINALITY AS f (value, ord)
        LEFT JOIN renames AS r ON r.test = a.test AND r.old_key = f.value ->> 'key'
      ))
      ELSE '{}'::jsonb
    END
    || CASE
      WHEN jsonb_typeof(a.result -> 'guideline') = 'array' THEN jsonb_build_object('guideline', (
        SELECT COALESCE(
          jsonb_agg(
            CASE
              WHEN jsonb_typeof(g.value -> 'fields') = 'array' THEN jsonb_set(g.value, '{fields}', (
                SELECT COALESCE(jsonb_agg(COALESCE(to_jsonb(r.new_key), k.value) ORDER BY k.ord), '[]'::jsonb)
                FROM jsonb_array_elements(g.value -> 'fields') WITH ORDINALITY AS k (value, ord)
                LEFT JOIN renames AS r ON r.test = a.test AND r.old_key = k.value #>> '{}'
              ))
              ELSE g.value
            END
            ORDER BY g.ord
          ),
          '[]'::jsonb
        )
        FROM jsonb_array_elements(a.result -> 'guideline') WITH ORDINALITY AS g (value, ord)
      ))
      ELSE '{}'::jsonb
    END
    || CASE
      WHEN jsonb_typeof(a.result -> 'uncertainty' -> 'unknownFields') = 'array' THEN jsonb_build_object(
        'uncertainty',
        jsonb_set(a.result -> 'uncertainty', '{unknownFields}', (
          SELECT COALESCE(jsonb_agg(COALESCE(to_jsonb(r.new_key), k.value) ORDER BY k.ord), '[]'::jsonb)
          FROM jsonb_array_elements(a.result -> 'uncertainty' -> 'unknownFields') WITH ORDINALITY AS k (value, ord)
          LEFT JOIN renames AS r ON r.test = a.test AND r.old_key = k.value #>> '{}'
        ))
      )
      ELSE '{}'::jsonb
    END
WHERE a.test IN ('heart', 'diabetes', 'cardio', 'liver');
