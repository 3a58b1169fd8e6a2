import type { Citation } from '@medibuddy/contracts';

/**
 * The sources the rule sets rest on. A link is given only where it is a stable identifier (DOI, WHO
 * reference); the rest are cited so they can be found in any library.
 */
export const CITATIONS = {
  whoAnaemia2011: {
    title:
      'World Health Organization. Haemoglobin concentrations for the diagnosis of anaemia and assessment of severity. WHO/NMH/NHD/MNM/11.1, 2011',
    url: 'https://www.who.int/publications/i/item/WHO-NMH-NHD-MNM-11.1',
  },
  whoMyeloid2016: {
    title:
      'Arber DA et al. The 2016 revision to the World Health Organization classification of myeloid neoplasms and acute leukemia. Blood 2016;127(20):2391-2405 (haemoglobin criterion for polycythaemia vera)',
    url: 'https://doi.org/10.1182/blood-2016-03-643544',
  },
  adaDiagnosis2025: {
    title:
      'American Diabetes Association. 2. Diagnosis and Classification of Diabetes: Standards of Care in Diabetes-2025. Diabetes Care 2025;48(Suppl 1):S27-S49',
    url: 'https://doi.org/10.2337/dc25-S002',
  },
  adaHypoglycaemia2025: {
    title:
      'American Diabetes Association. 6. Glycemic Goals and Hypoglycemia: Standards of Care in Diabetes-2025. Diabetes Care 2025;48(Suppl 1):S128-S145',
    url: 'https://doi.org/10.2337/dc25-S006',
  },
  hyperglycaemicCrises2009: {
    title:
      'Kitabchi AE et al. Hyperglycemic crises in adult patients with diabetes. Diabetes Care 2009;32(7):1335-1343',
    url: 'https://doi.org/10.2337/dc09-9032',
  },
  thrombocytopenia: {
    title: 'Gauer RL, Braun MM. Thrombocytopenia. Am Fam Physician 2012;85(6):612-622',
  },
  thrombocytosis: {
    title: 'Schafer AI. Thrombocytosis. N Engl J Med 2004;350(12):1211-1219',
  },
  leukopenia: {
    title: 'Merck Manual Professional Version. Overview of Leukopenias (leukopenia: white cell count below 4,000/µL)',
  },
  leukocytosis: {
    title: 'Riley LK, Rupert J. Evaluation of patients with leukocytosis. Am Fam Physician 2015;92(11):1004-1011',
  },
  microcytosis: {
    title: 'Van Vranken M. Evaluation of microcytosis. Am Fam Physician 2010;82(9):1117-1122',
  },
  mentzer1973: {
    title: 'Mentzer WC Jr. Differentiation of iron deficiency from thalassaemia trait. Lancet 1973;1(7808):882',
  },
  macrocytosis: {
    title: 'Kaferle J, Strzoda CE. Evaluation of macrocytosis. Am Fam Physician 2009;79(3):203-208',
  },
  labReferenceValues: {
    title: 'Kratz A et al. Laboratory reference values. N Engl J Med 2004;351(15):1548-1563',
  },
  redCellIndices: {
    title:
      'Wintrobe MM. Anemia: classification and treatment on the basis of differences in the average volume and hemoglobin content of the red corpuscles. Arch Intern Med 1934;54:256-280 (definitions of MCV, MCH, MCHC)',
  },
  friedewald1972: {
    title:
      'Friedewald WT, Levy RI, Fredrickson DS. Estimation of the concentration of low-density lipoprotein cholesterol in plasma, without use of the preparative ultracentrifuge. Clin Chem 1972;18(6):499-502',
    url: 'https://doi.org/10.1093/clinchem/18.6.499',
  },
  ncepAtp3: {
    title:
      'Expert Panel on Detection, Evaluation, and Treatment of High Blood Cholesterol in Adults. Executive Summary of the Third Report of the National Cholesterol Education Program (NCEP) Adult Treatment Panel III. JAMA 2001;285(19):2486-2497',
    url: 'https://doi.org/10.1001/jama.285.19.2486',
  },
  accAha2017: {
    title:
      'Whelton PK et al. 2017 ACC/AHA/AAPA/ABC/ACPM/AGS/APhA/ASH/ASPC/NMA/PCNA Guideline for the Prevention, Detection, Evaluation, and Management of High Blood Pressure in Adults. Hypertension 2018;71(6):e13-e115',
    url: 'https://doi.org/10.1161/HYP.0000000000000065',
  },
  lowBloodPressure: {
    title: 'National Heart, Lung, and Blood Institute (NIH). Low Blood Pressure (lower than 90/60 mm Hg)',
  },
  whoObesity2000: {
    title:
      'World Health Organization. Obesity: preventing and managing the global epidemic. Report of a WHO consultation. WHO Technical Report Series 894, 2000',
  },
  bradycardia2018: {
    title:
      'Kusumoto FM et al. 2018 ACC/AHA/HRS Guideline on the Evaluation and Management of Patients With Bradycardia and Cardiac Conduction Delay. J Am Coll Cardiol 2019;74(7):e51-e156',
  },
  tachycardia2015: {
    title:
      'Page RL et al. 2015 ACC/AHA/HRS Guideline for the Management of Adult Patients With Supraventricular Tachycardia. J Am Coll Cardiol 2016;67(13):e27-e115',
  },
  stoneScore2014: {
    title:
      'Moore CL et al. Derivation and validation of a clinical prediction rule for uncomplicated ureteral stone - the STONE score: retrospective and prospective observational cohort studies. BMJ 2014;348:g2191',
    url: 'https://doi.org/10.1136/bmj.g2191',
  },
} as const satisfies Record<string, Citation>;
