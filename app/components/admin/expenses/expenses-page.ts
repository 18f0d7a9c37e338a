/** The expenses page's own address: its links, forms and redirects all keep the month in view. */
export const EXPENSES_PAGE = "/admin/expenses";
export const expensesUrl = (month: string, extra = "") => `${EXPENSES_PAGE}?month=${month}${extra}`;

/** Asked the same in the JavaScript confirm dialog and in the no-JavaScript confirmation step. */
export const CONFIRM_DELETE = "¿Seguro que querés eliminar este gasto?";
