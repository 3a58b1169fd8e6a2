import type { AssessmentModel, MetricEstimate } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { richText } from '../../../lib/rich-text';
import { formatAuc, formatRate } from '../format';
import { ImageModelMetricsDetails } from './image-result';

function Estimate({ value, format }: { value: MetricEstimate; format: (n: number) => string }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{format(value.mean)}</span>{' '}
      <span className="text-slate-600">
        {t('results.metric.ci', { low: format(value.ci95[0]), high: format(value.ci95[1]) })}
      </span>
    </>
  );
}

const CODE = 'rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all';

/** The model's id and version, as code, for 'Model {id}, version {version}'. */
const codesOf = (model: AssessmentModel) => ({
  id: <code className={CODE}>{model.id}</code>,
  version: <code className={CODE}>{model.version}</code>,
});

/** Which model or rules answered, and how well the model did when it was checked. */
export function ModelDetails({ model }: { model: AssessmentModel }) {
  const { metrics } = model;
  if (model.imageMetrics) {
    return (
      <div className="flex flex-col gap-3 text-slate-800">
        <p>{richText('results.model.named', codesOf(model))}</p>
        <ImageModelMetricsDetails metrics={model.imageMetrics} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 text-slate-800">
      <dl className="grid gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm font-semibold text-slate-700">
          {model.kind === 'model' ? t('results.model.model') : t('results.model.rules')}
        </dt>
        <dd>{richText('results.model.version', codesOf(model))}</dd>
        {metrics ? (
          <>
            <dt className="text-sm font-semibold text-slate-700">{t('results.model.data')}</dt>
            <dd>{t('results.model.records', { dataset: metrics.dataset, rows: formatNumber(metrics.rows) })}</dd>
            <dt className="text-sm font-semibold text-slate-700">{t('results.metric.rocAuc')}</dt>
            <dd>
              <Estimate value={metrics.rocAuc} format={formatAuc} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">{t('results.metric.sensitivity')}</dt>
            <dd>
              <Estimate value={metrics.sensitivity} format={formatRate} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">{t('results.metric.specificity')}</dt>
            <dd>
              <Estimate value={metrics.specificity} format={formatRate} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">{t('results.metric.accuracy')}</dt>
            <dd>
              <Estimate value={metrics.accuracy} format={formatRate} />
            </dd>
          </>
        ) : null}
      </dl>
      {metrics ? (
        <p className="text-sm leading-relaxed text-slate-700">{t('results.model.metricsNote')}</p>
      ) : model.kind === 'model' ? (
        <p className="text-sm leading-relaxed text-slate-700">{t('results.model.retrained')}</p>
      ) : (
        <p className="text-sm leading-relaxed text-slate-700">{t('results.model.noModel')}</p>
      )}
    </div>
  );
}
