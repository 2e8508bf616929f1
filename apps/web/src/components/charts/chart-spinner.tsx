import classes from './chart-spinner.module.css';

/** SPEC 2: four animated bars, one second per cycle, while a chart's data loads. */
export function ChartSpinner({ label = 'Loading chart' }: { label?: string }) {
  return (
    <div className={classes.spinner} role="status" aria-label={label}>
      <span className={classes.bar} />
      <span className={classes.bar} />
      <span className={classes.bar} />
      <span className={classes.bar} />
    </div>
  );
}
