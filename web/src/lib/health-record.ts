/**
 * What more than one feature needs to know about the health record: the history's query key (a new result or a
 * withdrawn consent refreshes it) and the download addresses (the record page and a result page link to them).
 */
export const historyQueryKey = ['health-record', 'history'] as const;

/** Download addresses: plain links, so the browser saves the file as it would any download. */
export const reportUrl = (paper: 'A4' | 'Letter') => `/api/health-record/report.pdf?paper=${paper}`;
export const assessmentReportUrl = (id: string, paper: 'A4' | 'Letter') =>
  `/api/health-record/assessments/${encodeURIComponent(id)}/report.pdf?paper=${paper}`;
export const EXPORT_JSON_URL = '/api/health-record/export.json';
export const EXPORT_FHIR_URL = '/api/health-record/export.fhir.json';
