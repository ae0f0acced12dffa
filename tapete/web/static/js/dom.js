// Small DOM helpers: h() builds HTML elements, s() builds SVG elements.

const SVG_NS = "http://www.w3.org/2000/svg";

function applyAttrs(el, attrs, svg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, String(v));
        else el.style[prop] = v;
      }
    }
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (!svg && (key === "value" || key === "checked" || key === "disabled" || key === "selected")) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "x", onclick}, "text", child...). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs, false);
  append(el, children);
  return el;
}

/** An SVG element (same calling convention as h). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  applyAttrs(el, attrs, true);
  append(el, children);
  return el;
}

/** An <svg> with a viewBox, scaled by CSS; `label` makes it an image for screen readers. */
export function svg(width, height, label, ...children) {
  const attrs = { viewBox: `0 0 ${width} ${height}`, class: "svg" };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  return s("svg", attrs, ...children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Round to 2 decimals for compact SVG coordinates. */
export function r2(x) {
  return Math.round(x * 100) / 100;
}
