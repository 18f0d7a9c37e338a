import type { CardBook } from "./book-card";
import { PreorderBadge, type PreorderBadgeSize } from "./preorder-badge";

type PreorderBook = Pick<
  CardBook,
  "preorderReleaseDate" | "preorderPrice" | "price" | "preorderCount" | "preorderLimit"
>;

/** A book's PREVENTA widget in its own box: the card's small one, the book page's large one. */
export function BookPreorderBadge({
  book,
  size,
  className,
}: {
  book: PreorderBook;
  size: PreorderBadgeSize;
  className: string;
}) {
  return (
    <div className={className}>
      <PreorderBadge
        size={size}
        releaseDate={book.preorderReleaseDate}
        preorderPrice={book.preorderPrice}
        normalPrice={book.price}
        preorderCount={book.preorderCount}
        preorderLimit={book.preorderLimit}
      />
    </div>
  );
}
