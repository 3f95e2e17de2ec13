import { DirectUrlDetector } from '@pricehunt/direct-url';

/** `/https://…`: shows "Processing URL..." while the detector turns the pasted URL into a search (SPEC §2). */
export default function DirectUrlPage() {
  return (
    <div className="ph-processing">
      <span className="ph-processing__spinner" aria-hidden="true" />
      <DirectUrlDetector />
    </div>
  );
}
