export interface ColumnHelp {
  header: string;
  meaning: string;
  example: string;
}

/** The "Columnas" reference: what each column of the file means, with an example. */
export function ColumnsTable({ columns }: { columns: ColumnHelp[] }) {
  const cell = "px-3 py-2 align-top";
  return (
    <section aria-labelledby="columnas" className="space-y-3">
      <h2 id="columnas" className="font-serif text-2xl">
        Columnas
      </h2>
      <p className="text-ink/75">
        La primera fila lleva los nombres de las columnas (mayúsculas y acentos dan igual; las que no están en la lista
        se ignoran). Solo hacen falta las que quieras cargar o cambiar: una columna que falta o una celda vacía deja el
        dato como está (en un libro nuevo, el valor de siempre). Precios en pesos: «12.345,50», «12345.50» o «$ 12.345».
        Sí/no: «sí», «no», «1», «0», «x». También podés subir un ONIX 3.0 de tu distribuidora.
      </p>
      {/* Phones get a list, wider screens the table; display:none keeps the hidden one away from readers. */}
      <dl className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-white text-sm md:hidden">
        {columns.map((column) => (
          <div key={column.header} className="px-4 py-3">
            <dt className="font-mono font-semibold">{column.header}</dt>
            <dd className="mt-0.5">{column.meaning}</dd>
            <dd className="mt-0.5 break-all text-ink/75">Ejemplo: {column.example}</dd>
          </div>
        ))}
      </dl>
      <div className="hidden overflow-x-auto rounded-xl border border-ink/10 bg-white md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Columnas del archivo de catálogo, qué significan y un ejemplo</caption>
          <thead className="border-b border-ink/10 text-left text-ink/75">
            <tr>
              <th scope="col" className={cell}>
                Columna
              </th>
              <th scope="col" className={cell}>
                Qué es
              </th>
              <th scope="col" className={cell}>
                Ejemplo
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {columns.map((column) => (
              <tr key={column.header}>
                <th scope="row" className={`${cell} text-left font-mono font-semibold`}>
                  {column.header}
                </th>
                <td className={cell}>{column.meaning}</td>
                <td className={`${cell} break-all text-ink/75`}>{column.example}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
