/** The parts of the store product the Detalles list and the footer line show. */
interface DetailedProduct {
  sku: string | null;
  brand: string | null;
  /** Grams. */
  weight: number | null;
  category: string;
  published: boolean;
}

/**
 * The book page's description (HTML sanitised on the server), its Detalles (each only when known) and
 * the product's last update, categories and publication state: all read from the page's loader data.
 */
export function BookDetails({
  page,
}: {
  page: {
    descriptionHtml: string;
    product: DetailedProduct;
    pages: number | null;
    year: number | null;
    /** The language's Spanish name. */
    language: string | null;
    isbn: string | null;
    updated: string;
  };
}) {
  const { product, pages, year, language, isbn } = page;
  return (
    <>
      <div
        className="prose-book mt-8 max-w-prose space-y-4 leading-relaxed"
        data-testid="book-description"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by descriptionHtml().
        dangerouslySetInnerHTML={{ __html: page.descriptionHtml }}
      />
      <h2 className="mt-10 font-serif text-xl">Detalles</h2>
      <dl className="mt-3 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {product.sku ? <Detail label="SKU" value={product.sku} /> : null}
        {product.brand ? <Detail label="Editorial" value={product.brand} /> : null}
        {pages ? <Detail label="Páginas" value={String(pages)} /> : null}
        {year ? <Detail label="Año de edición" value={String(year)} /> : null}
        {language ? <Detail label="Idioma" value={language} /> : null}
        {product.weight && product.weight > 0 ? <Detail label="Peso" value={`${product.weight} g`} /> : null}
        {isbn ? <Detail label="ISBN / código de barras" value={isbn} /> : null}
      </dl>
      <ul
        className="mt-8 flex flex-wrap gap-x-6 gap-y-2 border-t border-ink/10 pt-4 text-xs text-ink/75"
        aria-label="Información del producto"
      >
        <li>Actualizado el {page.updated}</li>
        {product.category ? <li>Categorías: {product.category}</li> : null}
        <li>{product.published ? "Publicado" : "No publicado"}</li>
      </ul>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-ink/75">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
