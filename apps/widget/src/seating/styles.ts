/** The seat chooser's own styles, inside the widget's shadow root beside its base styles. */
export const chooserCss = `
.chooser{display:flex;flex-direction:column;gap:8px;margin-bottom:12px}
.chooser .tab[aria-pressed=true]{border-color:var(--primary);font-weight:700}
.map{display:block;width:100%;max-height:60vh;background:#f7f8fa;border:1px solid #e3e7eb;border-radius:10px;touch-action:none;user-select:none}
.seat{stroke:#1f2937;stroke-width:.04;cursor:pointer}
.seat.on{stroke:var(--text);stroke-width:.14}
.seat.off{cursor:not-allowed}
.seat:focus{outline:none;stroke:var(--primary);stroke-width:.18}
.mark{fill:none;stroke:#1f2937;stroke-width:.1;pointer-events:none;stroke-linecap:round}
.wheel{fill:none;stroke:#1f2937;stroke-width:.05;stroke-dasharray:.12 .08;pointer-events:none}
.legend{display:flex;flex-wrap:wrap;gap:6px 14px;list-style:none;margin:0;padding:0;font-size:14px}
.legend li{display:flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:14px;height:14px;border-radius:50%;border:1px solid #1f2937}
.swatch.off{background:#c9ced4}
.swatch.on{background:#fff;border-width:3px}
.seat-list fieldset{border:1px solid #e3e7eb;border-radius:10px;margin:0 0 8px;padding:8px 12px}
.seat-list legend{font-weight:700}
.pick{display:inline-flex;align-items:center;gap:4px;font-weight:400;min-width:56px}
.pick input{width:auto}
.pick.off{color:#5f6b76;text-decoration:line-through}
`;
