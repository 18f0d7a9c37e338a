/**
 * The topic checkboxes of a sign-up form: each ticked one posts as `interests`, which /newsletter and
 * the API both read. Each form gives its own legend and look.
 */
export function TopicChoices({
  topics,
  legend,
  disabled,
  className,
  legendClassName,
  listClassName,
  chipClassName,
  inputClassName,
}: {
  topics: readonly { id: string; label: string }[];
  legend: string;
  disabled?: boolean;
  className: string;
  legendClassName: string;
  listClassName: string;
  chipClassName: string;
  inputClassName: string;
}) {
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className={legendClassName}>{legend}</legend>
      <div className={listClassName}>
        {topics.map((topic) => (
          <label key={topic.id} className={chipClassName}>
            <input type="checkbox" name="interests" value={topic.id} className={inputClassName} />
            {topic.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
