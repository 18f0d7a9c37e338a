import { Form, Link } from "react-router";

/**
 * "Guardá tus datos para la próxima", on an order's page: a visitor who is not signed in as the order's
 * email gets one button that e-mails them the sign-in code (a plain post to /cuenta/ingresar, which then
 * asks for the code and comes back to "Mis datos"); a reader signed in with it gets "Ver mis pedidos".
 */
export function SaveDetailsBox({ email, signedIn }: { email: string; signedIn: boolean }) {
  if (signedIn) {
    return (
      <p className="mt-6">
        <Link to="/cuenta" className="font-semibold text-moss underline">
          Ver mis pedidos
        </Link>
      </p>
    );
  }
  return (
    <section className="mt-6 rounded-lg bg-white p-6" aria-labelledby="guardar-datos" data-testid="save-details">
      <h2 id="guardar-datos" className="font-serif text-xl">
        Guardá tus datos para la próxima
      </h2>
      <p className="mt-2 text-ink/85">
        Con tu cuenta ves todos tus pedidos en un lugar y la próxima compra empieza con tus datos y tu dirección ya
        cargados. Sin contraseñas: te mandamos un código a <strong className="break-all">{email}</strong>.
      </p>
      <Form method="post" action="/cuenta/ingresar" className="mt-4">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="volver" value="/cuenta/perfil" />
        <button
          type="submit"
          className="rounded-full bg-moss px-5 py-2.5 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
        >
          Enviarme el código
        </button>
      </Form>
    </section>
  );
}
