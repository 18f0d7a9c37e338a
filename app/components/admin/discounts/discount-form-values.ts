/** The form's fields as the browser sends them (text), for both the JSON API and the page action. */
export interface DiscountFormValues {
  customCode: string;
  description: string;
  discountPercentage: string;
  discountAmount: string;
  minimumAmount: string;
  maxUses: string;
  validUntil: string;
  active: boolean;
}

export const BLANK_DISCOUNT: DiscountFormValues = {
  customCode: "",
  description: "",
  discountPercentage: "",
  discountAmount: "",
  minimumAmount: "0",
  maxUses: "",
  validUntil: "",
  active: true,
};

/** Reads the dialog's form (the checkbox is only sent when checked, as a browser posts it). */
export function discountFormValues(form: FormData): DiscountFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    customCode: text("customCode"),
    description: text("description"),
    discountPercentage: text("discountPercentage"),
    discountAmount: text("discountAmount"),
    minimumAmount: text("minimumAmount"),
    maxUses: text("maxUses"),
    validUntil: text("validUntil"),
    active: form.has("active"),
  };
}

/** The API body of the form: the code only on create (it cannot change afterwards). */
export function discountBody({ customCode, ...terms }: DiscountFormValues, creating: boolean) {
  return creating ? { customCode, ...terms } : terms;
}
