export default function NotFoundPage() {
  return (
    <main>
      <h1>Page not found</h1>
    </main>
  );
}
