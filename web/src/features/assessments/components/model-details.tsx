import type { AssessmentModel, MetricEstimate } from '@medibuddy/contracts';
import { formatAuc, formatRate } from '../format';
import { ImageModelMetricsDetails } from './image-result';

function Estimate({ value, format }: { value: MetricEstimate; format: (n: number) => string }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{format(value.mean)}</span>{' '}
      <span className="text-slate-600">
        (95% CI {format(value.ci95[0])} to {format(value.ci95[1])})
      </span>
    </>
  );
}

/** Which model or rules answered, and how well the model did when it was checked. */
export function ModelDetails({ model }: { model: AssessmentModel }) {
  const { metrics } = model;
  if (model.imageMetrics) {
    return (
      <div className="flex flex-col gap-3 text-slate-800">
        <p>
          Model <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{model.id}</code>, version{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{model.version}</code>
        </p>
        <ImageModelMetricsDetails metrics={model.imageMetrics} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 text-slate-800">
      <dl className="grid gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm font-semibold text-slate-700">{model.kind === 'model' ? 'Model' : 'Rules'}</dt>
        <dd>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{model.id}</code>, version{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{model.version}</code>
        </dd>
        {metrics ? (
          <>
            <dt className="text-sm font-semibold text-slate-700">Data</dt>
            <dd>
              {metrics.dataset}, {metrics.rows.toLocaleString('en')} records
            </dd>
            <dt className="text-sm font-semibold text-slate-700">ROC-AUC</dt>
            <dd>
              <Estimate value={metrics.rocAuc} format={formatAuc} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">Sensitivity</dt>
            <dd>
              <Estimate value={metrics.sensitivity} format={formatRate} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">Specificity</dt>
            <dd>
              <Estimate value={metrics.specificity} format={formatRate} />
            </dd>
            <dt className="text-sm font-semibold text-slate-700">Accuracy</dt>
            <dd>
              <Estimate value={metrics.accuracy} format={formatRate} />
            </dd>
          </>
        ) : null}
      </dl>
      {metrics ? (
        <p className="text-sm leading-relaxed text-slate-700">
          These figures come from testing the model many times on parts of its data that it had not learnt from.
          Sensitivity is the share of people with the condition whom the model flagged; specificity the share without it
          whom it did not. ROC-AUC (0.5 is chance, 1.0 perfect) says how well it ranks people with the condition above
          people without. People who use MediBuddy differ from that data, so real-world figures may be lower.
        </p>
      ) : model.kind === 'model' ? (
        <p className="text-sm leading-relaxed text-slate-700">
          The model has been retrained since this result was made, so the figures of the version above are no longer
          served here. New results use the current model and show its figures.
        </p>
      ) : (
        <p className="text-sm leading-relaxed text-slate-700">
          No model is used: your values were read against the published criteria named beside each finding. The version
          says which set of rules gave this result.
        </p>
      )}
    </div>
  );
}
