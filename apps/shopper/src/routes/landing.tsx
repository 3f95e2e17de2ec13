export default function LandingPage() {
  return (
    <main>
      <h1>PriceHunt</h1>
    </main>
  );
}
