import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { versionPriceOrWhyNot, versionPriceText } from './describe';
import type { LineGroup } from './line-cards';
import { ProductImage } from './product-image';

/** Choices a card shows before "+ N more", which the cheapest version's page lists with the rest. */
export const SHOWN_CHOICES = 6;

/**
 * A line's versions in a list as one card (`groupLines`): its name (with what every version states alike), maker and
 * lowest price, how many versions the list holds and how many of them fit the words where others joined them, each size
 * (or each version, where a variant names one thing) as a link to its cheapest version's page with its price, those
 * that fit first and marked, and the colours the versions come in. A version's page lists every version of the line.
 */
export function LineCard({ line, detailed = false, eager = false }: { line: LineGroup; detailed?: boolean; eager?: boolean }) {
  const Title = detailed ? 'h2' : 'h3';
  const lowest = versionPriceText(line.cheapest);
  const shown = line.choices.slice(0, SHOWN_CHOICES);
  const hidden = line.choices.length - shown.length;
  const first = line.versions[0]?.product ?? line.cheapest;
  const name = line.shared ? `${line.name} (${line.shared})` : line.name;
  // Where versions joined the list's own, the choices of the list's own are marked, and come first.
  const marked = line.fitting < line.versions.length;
  return (
    <li className="ph-product-card ph-line-card">
      <ProductImage src={first.imageUrl ?? line.cheapest.imageUrl} alt={name} size="sm" eager={eager} />
      <div className="ph-product-card__body">
        <Title className="ph-product-card__title">
          <Link to={paths.product(line.cheapest.id, line.cheapest.title)}>{name}</Link>
        </Title>
        {detailed && line.brand ? <p className="ph-product-card__brand">{line.brand}</p> : null}
        <p className="ph-product-card__meta">
          {lowest ? (
            <>
              from <strong>{lowest}</strong> ·{' '}
            </>
          ) : null}
          {marked ? `${line.fitting} of ${line.versions.length} versions fit your words` : `${line.versions.length} versions`}
        </p>
        <ul className="ph-line-card__choices" aria-label={`Versions of ${name}`}>
          {shown.map((choice) => {
            const price = versionPriceOrWhyNot(choice.cheapest);
            return (
              <li key={choice.label}>
                {/* Named by what it shows, with the line's name and "from" said to screen readers. */}
                <Link
                  className={marked && choice.fits ? 'ph-line-card__choice ph-line-card__choice--fits' : 'ph-line-card__choice'}
                  to={paths.product(choice.cheapest.id, choice.cheapest.title)}
                >
                  <span className="ph-visually-hidden">{name}, </span>
                  <span className="ph-line-card__label">{choice.label}</span>
                  {choice.versions > 1 ? <span className="ph-visually-hidden"> from </span> : null}
                  <span className="ph-line-card__price">{price}</span>
                  {marked && choice.fits ? <span className="ph-visually-hidden">(fits your words)</span> : null}
                </Link>
              </li>
            );
          })}
          {hidden > 0 ? (
            <li>
              <Link className="ph-line-card__choice ph-line-card__choice--more" to={paths.product(first.id, first.title)}>
                + {hidden} more
              </Link>
            </li>
          ) : null}
        </ul>
        {line.others.length > 0 ? <p className="ph-line-card__others">In {line.others.join(' · ')}</p> : null}
      </div>
    </li>
  );
}
