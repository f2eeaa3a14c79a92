/** The Flick mark: a play glyph on the brand gradient, then the name. */
export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span className="grid size-8 flex-none place-items-center rounded-[9px] bg-brand shadow-glow">
        <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
          <path d="M12.5 9.8v12.4a1 1 0 0 0 1.5.86l9.7-6.2a1 1 0 0 0 0-1.72L14 8.94a1 1 0 0 0-1.5.86z" fill="#fff" />
          <rect x="7" y="9.5" width="2.6" height="13" rx="1.3" fill="#fff" fillOpacity=".55" />
        </svg>
      </span>
      <span className="text-[1.375rem] leading-none font-black tracking-[-0.04em] italic">Flick</span>
    </span>
  );
}
