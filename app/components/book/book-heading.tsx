import { Link } from "react-router";

/** The book page's title, its author (a link to the shop filtered by them) and its categories. */
export function BookHeading({
  title,
  author,
  categories,
}: {
  title: string;
  author: string;
  categories: { name: string }[];
}) {
  return (
    <>
      <h1 className="font-serif text-4xl leading-tight">{title}</h1>
      <p className="mt-2 text-lg text-ink/80">
        <Link to={`/tienda?autor=${encodeURIComponent(author)}`} className="hover:underline">
          {author}
        </Link>
      </p>
      {categories.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Categorías">
          {categories.map((category) => (
            <li key={category.name} className="rounded-full bg-cream px-3 py-1 text-xs font-semibold text-moss">
              {category.name}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
