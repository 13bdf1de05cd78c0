import type { WidgetSettings } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { BrandColours } from './brand-colours.tsx';

const settings: WidgetSettings = {
  primary_brand_color: '#1B4965',
  secondary_brand_color: '',
  title_brand_color: '',
  text_brand_color: '',
  title_brand_font: '',
  text_brand_font: '',
  website_url: '',
  fonts: [],
};

describe('brand colours', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns of nothing when every text colour is readable', () => {
    renderWithProviders(<BrandColours settings={settings} save={vi.fn()} saving={false} />);
    expect(screen.queryByText('Some text in the widget may be hard to read')).toBeNull();
  });

  it('names each pair below 4.5:1 with its ratio, without stopping the save', () => {
    renderWithProviders(
      <BrandColours
        settings={{ ...settings, primary_brand_color: '#FFEB3B', secondary_brand_color: '#777777' }}
        save={vi.fn()}
        saving={false}
      />,
    );
    const warning = screen.getByRole('status');
    expect(within(warning).getByText('Some text in the widget may be hard to read')).toBeTruthy();
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'White button text on the primary colour (#FFFFFF on #FFEB3B): 1.2:1',
      'Links in the primary colour on white (#FFEB3B on #FFFFFF): 1.2:1',
      'Text on the secondary colour (badges, messages, second buttons) (#1F2937 on #777777): 3.2:1',
    ]);
    expect(screen.getByRole('button', { name: 'Edit the primary colour' })).toBeTruthy();
  });

  it('warns in the picker as a colour is chosen, and still saves it', async () => {
    const save = vi.fn();
    renderWithProviders(<BrandColours settings={settings} save={save} saving={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit the primary colour' }));
    const picker = await screen.findByRole('dialog', { name: 'Primary brand colour' });
    expect(within(picker).queryByRole('note')).toBeNull();
    const hex = within(picker).getByRole('textbox', { name: 'Hex colour' });
    await userEvent.clear(hex);
    await userEvent.type(hex, '#FFEB3B');
    const note = within(picker).getByRole('note');
    expect(note.textContent).toContain('White button text on the primary colour (#FFFFFF on #FFEB3B): 1.2:1');
    await userEvent.click(within(picker).getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ primary_brand_color: '#FFEB3B' }, expect.any(Function));
  });
});
