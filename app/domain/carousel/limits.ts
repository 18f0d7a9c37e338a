/** Carousel limits, shared by the server and the admin page. */
export const MAX_CAROUSEL_BOOKS = 6;
export const CAROUSEL_FULL = "Máximo 6 libros en el carrusel";
