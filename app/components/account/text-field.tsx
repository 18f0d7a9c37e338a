import { INPUT, LABEL } from "./form-styles";

/** A labelled input with its error under it (linked by aria-describedby), for the Mi cuenta forms. */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  optional?: boolean;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  className?: string;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className={LABEL}>
        {props.label} {props.optional ? <span className="font-normal text-ink/75">(opcional)</span> : null}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        defaultValue={props.defaultValue}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={INPUT}
      />
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-terracotta-dark">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
