import { slugify } from "../../app/lib/slug";
import type { CategoryKey } from "./types";

/**
 * The shop's categories and genres, seeded as data (tables `categories` and `genres`) so the admin can
 * change them later. A book belongs to a category when its genre is one of the category's genres, one of
 * its display categories is listed, or its title/category text contains one of the keywords.
 */
export interface CategoryDefinition {
  key: CategoryKey;
  name: string;
  description: string;
  position: number;
  genres: string[];
  categories: string[];
  keywords: string[];
}

export const demoCategories: CategoryDefinition[] = [
  {
    key: "literatura-ficcion",
    name: "Literatura y Ficción",
    description: "Novelas, cuentos, poesía y teatro: clásicos argentinos, latinoamericanos y universales.",
    position: 1,
    genres: ["Novela", "Cuento", "Poesía", "Teatro", "Crónica"],
    categories: ["Literatura argentina", "Literatura latinoamericana", "Literatura universal", "Clásicos"],
    keywords: ["cuentos", "poemas", "relatos"],
  },
  {
    key: "filosofia-pensamiento",
    name: "Filosofía y Pensamiento",
    description: "Filosofía, ensayo, política e historia de las ideas para pensar con otros.",
    position: 2,
    genres: ["Filosofía", "Ensayo", "Política", "Historia", "Psicología"],
    categories: ["Filosofía", "Pensamiento", "Ensayo", "Ciencias sociales"],
    keywords: ["filosofía", "ensayo", "ética"],
  },
  {
    key: "arte-diseno",
    name: "Arte y Diseño",
    description: "Teoría del arte, diseño, arquitectura y los libros que enseñan a mirar.",
    position: 3,
    genres: ["Teoría del arte", "Diseño", "Arquitectura"],
    categories: ["Arte", "Diseño", "Arquitectura"],
    keywords: ["arte", "diseño", "pintura", "ornamento"],
  },
  {
    key: "peow-studios",
    name: "Peow Studios",
    description: "La colección de novela gráfica e historieta de nuestro estudio aliado.",
    position: 4,
    genres: ["Novela gráfica", "Historieta"],
    categories: ["Peow Studios", "Novela gráfica", "Historieta"],
    keywords: ["historieta", "cómic"],
  },
];

export interface GenreDefinition {
  name: string;
  slug: string;
  categoryKey: CategoryKey;
}

export const demoGenres: GenreDefinition[] = demoCategories.flatMap((category) =>
  category.genres.map((name) => ({
    name,
    slug: slugify(name),
    categoryKey: category.key,
  })),
);
