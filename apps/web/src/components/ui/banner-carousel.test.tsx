import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BannerCarousel } from './banner-carousel';

describe('BannerCarousel (banner: image + HTML)', () => {
  it('shows each banner as a slide with its image and sanitised HTML, one dot per slide', () => {
    render(
      <BannerCarousel
        banners={[
          { image: '/banners/a.png', html: '<p>Invite <b>5 friends</b></p><script>window.hacked = 1</script>' },
          { image: '/banners/b.png', html: '<img src="x" onerror="window.hacked = 1">' },
        ]}
      />,
    );
    const carousel = screen.getByTestId('banner-carousel');
    const slides = within(carousel).getAllByTestId('banner-slide');
    expect(slides).toHaveLength(2);
    expect(slides[0]?.querySelector('img')?.getAttribute('src')).toBe('/banners/a.png');
    expect(within(slides[0] as HTMLElement).getByText('5 friends').tagName).toBe('B');
    expect(carousel.querySelector('script')).toBeNull();
    expect(carousel.innerHTML).not.toContain('onerror');
    expect(within(carousel).getAllByTestId('banner-dot')).toHaveLength(2);
    expect(within(carousel).getAllByTestId('banner-dot')[0]?.getAttribute('aria-current')).toBe('true');
    expect(within(carousel).getByTestId('banner-next')).toBeTruthy();
  });

  it('one banner: no arrows or dots; none: nothing', () => {
    const { rerender } = render(<BannerCarousel banners={[{ image: '/banners/a.png', html: '' }]} />);
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(1);
    expect(screen.queryByTestId('banner-dot')).toBeNull();
    expect(screen.queryByTestId('banner-next')).toBeNull();
    rerender(<BannerCarousel banners={[]} />);
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });
});
