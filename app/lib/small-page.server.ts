/**
 * A short self-contained Spanish page for an answer no React layout can render: a resource route's 404 (a
 * voucher download, docs/decisions/0029) or the admin gate's 403, which answers before React Router runs
 * (docs/decisions/0043). The shop's colours, no script, a way back. Every text is ours (no visitor input).
 */
export function smallPage(page: {
  title: string;
  code: number;
  heading: string;
  text: string;
  links: { href: string; label: string }[];
}): string {
  return `<!DOCTYPE html>
<html lang="es-AR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<style>
body{margin:0;background:#f7f3ea;color:#1c1f1a;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;line-height:1.55}
main{max-width:36rem;margin:0 auto;padding:5rem 1rem;text-align:center}
h1{font-family:Georgia,'Times New Roman',serif;font-size:2rem;margin:1rem 0}
.code{font-family:Georgia,'Times New Roman',serif;font-size:4.5rem;font-weight:700;color:#1f4d3a;margin:0}
a{color:#1f4d3a;font-weight:600}
</style>
</head>
<body>
<main id="contenido">
<p class="code">${page.code}</p>
<h1>${page.heading}</h1>
<p>${page.text}</p>
<p>${page.links.map((link) => `<a href="${link.href}">${link.label}</a>`).join(" · ")}</p>
</main>
</body>
</html>`;
}
